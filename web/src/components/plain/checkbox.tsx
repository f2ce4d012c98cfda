import type { FocusEventHandler, ReactNode } from 'react';
import './checkbox.css';

/**
 * antd's Checkbox for the screens built without antd: the browser's own checkbox in the portal's colour,
 * its label the text beside it. `testId` and `state` (data-state) go on the input, which tests check.
 */
export function PlainCheckbox({
  checked,
  onChange,
  onBlur,
  disabled,
  className,
  id,
  invalid,
  describedBy,
  testId,
  state,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  disabled?: boolean;
  className?: string;
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  state?: string;
  children: ReactNode;
}) {
  const classes = ['plain-checkbox', checked ? 'plain-checkbox-checked' : '', disabled ? 'plain-checkbox-disabled' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <label className={classes}>
      <input
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        data-state={state}
      />
      <span className="plain-checkbox-label">{children}</span>
    </label>
  );
}
