import { useState, type ChangeEvent } from 'react';
import { fieldDescribedBy } from '../components/plain-field';

/**
 * The field checks of a form built without antd (DESIGN §7): each field's error text (`problemOf` gives it
 * for the form's values), shown when the form checks the field; the first wrong field is brought into view
 * and focused. `inputId` is the field's input (the error is tied to it by `describedBy`).
 */
export function useFieldChecks<F extends string>(problemOf: (field: F, values: Record<F, string>) => string | undefined, values: Record<F, string>, inputId: (field: F) => string) {
  const [problems, setProblems] = useState<Partial<Record<F, string>>>({});

  function focus(field: F) {
    const input = document.getElementById(inputId(field));
    input?.scrollIntoView({ block: 'center' });
    input?.focus();
  }

  /** Checks the fields (in the given values, by default the form's) and shows their errors; returns the first wrong one. */
  function check(fields: readonly F[], checked: Record<F, string> = values): F | undefined {
    const found: Partial<Record<F, string>> = {};
    for (const field of fields) found[field] = problemOf(field, checked);
    setProblems((current) => ({ ...current, ...found }));
    return fields.find((field) => found[field]);
  }

  const describedBy = (field: F, withHint: boolean) => fieldDescribedBy(inputId(field), problems[field], withHint);

  return {
    problems,
    check,
    /** Checks before a request: true when all are right, else the first wrong field gets the focus. */
    ready(fields: readonly F[]): boolean {
      const wrong = check(fields);
      if (wrong) focus(wrong);
      return !wrong;
    },
    /** Checks again, in the new values, those of the fields that show an error (as they are typed in). */
    recheck(fields: readonly F[], changed: Record<F, string>) {
      const shown = fields.filter((field) => problems[field]);
      if (shown.length > 0) check(shown, changed);
    },
    /** Hides the fields' errors (a field that was emptied by the form). */
    reset(fields: readonly F[]) {
      setProblems((current) => ({ ...current, ...Object.fromEntries(fields.map((field) => [field, undefined])) }));
    },
    /** Shows the given errors (a server refusal) and focuses the first. */
    show(texts: Partial<Record<F, string>>) {
      const first = (Object.keys(texts) as F[])[0];
      if (first === undefined) return;
      setProblems((current) => ({ ...current, ...texts }));
      focus(first);
    },
    /** The input's aria-describedby: its error while one shows, and its hint (`withHint`). */
    describedBy: (field: F, withHint = false) => describedBy(field, withHint),
    /** The props of a field's input: its id, value, change (`onChange` gets the typed text) and error state. */
    inputProps: (field: F, onChange: (value: string) => void, withHint = false) => ({
      id: inputId(field),
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
      'aria-invalid': problems[field] ? true : undefined,
      'aria-describedby': describedBy(field, withHint),
    }),
  };
}
