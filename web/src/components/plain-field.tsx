import type { ReactNode } from 'react';

/** The id of a field's error text, for the control's aria-describedby. */
export const fieldErrorId = (inputId: string) => `${inputId}-error`;

/**
 * A labelled form field of the screens built without antd (styles.css, in antd's form layout): the label,
 * the control (its input carries `id` = inputId), and the field's error below it, read out when it appears.
 */
export function PlainField({ inputId, label, error, children }: { inputId: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'plain-field plain-field-invalid' : 'plain-field'}>
      <label className="plain-field-label" htmlFor={inputId}>
        {label}
      </label>
      {children}
      {error ? (
        <div className="plain-field-error" id={fieldErrorId(inputId)} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
