import type { ReactNode } from 'react';
import './plain-field.css';

/** The id of a field's error text, for the control's aria-describedby. */
export const fieldErrorId = (inputId: string) => `${inputId}-error`;
/** The id of a field's help text, for the control's aria-describedby. */
export const fieldExtraId = (inputId: string) => `${inputId}-extra`;

/**
 * A labelled form field of the screens built without antd (styles.css, in antd's form layout): the label,
 * the control (its input carries `id` = inputId), the field's error below it, read out when it appears,
 * and an optional help text under that (antd's `extra`).
 */
export function PlainField({ inputId, label, error, extra, children }: { inputId: string; label: string; error?: string; extra?: string; children: ReactNode }) {
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
      {extra ? (
        <div className="plain-field-extra" id={fieldExtraId(inputId)}>
          {extra}
        </div>
      ) : null}
    </div>
  );
}
