import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { ErrorCode } from '@portal/shared/errors/error-codes';

/**
 * Puts each problem of `serverFieldCodes` at its antd form field (translated) and scrolls to the first;
 * the caller still notifies. Apart from server-field-errors.ts, which the screens built without antd use.
 */
export function showAtFields<F extends string>(form: FormInstance, problems: Partial<Record<F, ErrorCode>>, t: TFunction): void {
  const entries = Object.entries(problems) as Array<[F, ErrorCode]>;
  if (entries.length === 0) return;
  form.setFields(entries.map(([name, code]) => ({ name, errors: [t(`errors:${code}`)] })));
  form.scrollToField(entries[0]![0], { block: 'center' });
}
