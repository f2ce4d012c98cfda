import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useRef } from 'react';
import type { ErrorCode } from '@portal/shared/errors/error-codes';

/** A dotted input path (`days.2.day`, as zod and the server's `extensions.fields` name it) as an antd name path. */
export function namePathOf(path: string): Array<string | number> {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The dotted paths of what a Form's onValuesChange reports as changed (a list reports only its changed rows). */
function changedPaths(changed: unknown, prefix: string): string[] {
  if (!changed || typeof changed !== 'object' || changed instanceof Date) return [prefix];
  const entries = Object.entries(changed);
  if (entries.length === 0) return [prefix];
  return entries.flatMap(([key, value]) => changedPaths(value, prefix ? `${prefix}.${key}` : key));
}

const within = (path: string, other: string) => path === other || path.startsWith(`${other}.`) || other.startsWith(`${path}.`);

/**
 * The server's (or the shared schema's) refusals at an antd form's fields, by dotted path, each held until its own field
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
      form.setFields(entries.map(([name, text]) => ({ name: namePathOf(name), errors: [text] })));
      form.scrollToField(namePathOf(entries[0]![0]), { block: 'center' });
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
        const paths = changedPaths(changed, '');
        const cleared = [...held.current.keys()].filter((field) => paths.some((path) => within(path, field)));
        for (const field of cleared) held.current.delete(field);
        if (cleared.length > 0) form.setFields(cleared.map((field) => ({ name: namePathOf(field), errors: [] })));
      },
    };
  }, [form, t]);
}
