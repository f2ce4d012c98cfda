import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useRef } from 'react';
import type { ErrorCode } from '@portal/shared/errors/error-codes';

/**
 * The server's refusals at an antd form's fields (`serverFieldCodes`), each held until its own field
 * changes and no longer: antd keeps an error set with setFields until the field is validated again, so a
 * field checked on blur would go on showing the refusal of a value it no longer has. The form passes
 * `clearChanged` its onValuesChange; a field's rule may show `held(field)` so that a re-check of the
 * unchanged value keeps it. Apart from server-field-errors.ts, which the screens built without antd use.
 */
export function useServerFieldErrors<F extends string>(form: FormInstance, t: TFunction) {
  const held = useRef(new Map<F, string>());
  return useMemo(() => {
    /** Puts each text at its field (in the given order) and scrolls to the first; the caller still notifies. */
    function showTexts(texts: Partial<Record<F, string>>) {
      const entries = Object.entries(texts).filter((entry): entry is [F, string] => typeof entry[1] === 'string');
      held.current = new Map(entries);
      if (entries.length === 0) return;
      form.setFields(entries.map(([name, text]) => ({ name, errors: [text] })));
      form.scrollToField(entries[0]![0], { block: 'center' });
    }
    return {
      showTexts,
      /** The error codes, translated, at their fields. */
      show(problems: Partial<Record<F, ErrorCode>>) {
        showTexts(Object.fromEntries(Object.entries(problems).map(([field, code]) => [field, t(`errors:${String(code)}`)])) as Partial<Record<F, string>>);
      },
      /** The refusal still shown at the field (its value has not changed since), if any. */
      held: (field: F) => held.current.get(field),
      /** The Form's onValuesChange: the refusal of every changed field is cleared at once. */
      clearChanged(changed: object) {
        const cleared = Object.keys(changed).filter((field) => held.current.delete(field as F));
        if (cleared.length > 0) form.setFields(cleared.map((name) => ({ name, errors: [] })));
      },
    };
  }, [form, t]);
}
