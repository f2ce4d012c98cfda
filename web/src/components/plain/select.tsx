import type { FocusEventHandler } from 'react';
import './select.css';

export interface PlainSelectOption {
  value: string;
  label: string;
  testId?: string;
}

/**
 * antd's Select for the screens built without antd: the browser's own `<select>` (the phone's picker),
 * drawn like a plain input. `placeholder` is the first, empty choice; `clearable` lets it be chosen again
 * (an optional field: the value becomes null), else it only shows until a choice is made.
 */
export function PlainSelect({
  id,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  clearable,
  required,
  invalid,
  describedBy,
  testId,
}: {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  options: PlainSelectOption[];
  placeholder: string;
  clearable?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  return (
    <span className="plain-select">
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={onBlur}
        className={value ? undefined : 'plain-select-empty'}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        <option value="" disabled={!clearable}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value} data-testid={option.testId}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
