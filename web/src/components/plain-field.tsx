import type { ReactNode } from 'react';
import './plain-field.css';

/** The id of a field's error text, for the control's aria-describedby. */
export const fieldErrorId = (inputId: string) => `${inputId}-error`;

/** The id of a group field's label, for the group's aria-labelledby. */
export const fieldLabelId = (inputId: string) => `${inputId}-label`;

/** The id of a field's hint (the text below the control). */
export const fieldHintId = (inputId: string) => `${inputId}-hint`;

/** The control's aria-describedby: its error (when shown), then its hint. */
export function fieldDescribedBy(inputId: string, error: string | boolean | undefined, hint: string | boolean | undefined): string | undefined {
  const ids = [error ? fieldErrorId(inputId) : undefined, hint ? fieldHintId(inputId) : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A labelled form field of the screens built without antd (styles.css, in antd's form layout): the label,
 * the control (its input carries `id` = inputId), the field's error below it, read out when it appears,
 * and an optional hint. `required` draws antd's mark, kept out of the accessible name (the control says
 * aria-required itself). `group`: the control is a group of several inputs (`id` = inputId on the group,
 * named by the label through aria-labelledby).
 */
export function PlainField({
  inputId,
  label,
  error,
  hint,
  required,
  group,
  children,
}: {
  inputId: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  group?: boolean;
  children: ReactNode;
}) {
  const labelClass = required ? 'plain-field-label plain-field-required' : 'plain-field-label';
  return (
    <div className={error ? 'plain-field plain-field-invalid' : 'plain-field'}>
      {group ? (
        <div className={labelClass} id={fieldLabelId(inputId)}>
          {label}
        </div>
      ) : (
        <label className={labelClass} htmlFor={inputId}>
          {label}
        </label>
      )}
      {children}
      {error ? (
        <div className="plain-field-error" id={fieldErrorId(inputId)} role="alert">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div className="plain-field-hint" id={fieldHintId(inputId)}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
