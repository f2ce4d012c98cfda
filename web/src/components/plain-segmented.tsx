import { useId } from 'react';
import './plain-segmented.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** On the option's text (the journeys click it). */
  testId: string;
}

/**
 * antd's Segmented for the screens built without antd (styles.css `plain-segmented`): a radio group, so the
 * arrow keys move between the options. Named by `label` (visible, as a form field's label) or `ariaLabel`.
 */
export function PlainSegmented<T extends string>({
  value,
  options,
  onChange,
  label,
  ariaLabel,
  testId,
}: {
  value: T;
  options: ReadonlyArray<SegmentedOption<T>>;
  onChange: (value: T) => void;
  label?: string;
  ariaLabel?: string;
  testId: string;
}) {
  const id = useId();
  const group = (
    <div className="plain-segmented" role="radiogroup" aria-label={ariaLabel} aria-labelledby={label ? `${id}-label` : undefined} data-testid={testId}>
      {options.map((option) => (
        <label key={option.value} className={option.value === value ? 'plain-segmented-item plain-segmented-item-selected' : 'plain-segmented-item'}>
          <input type="radio" className="visually-hidden" name={id} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span data-testid={option.testId}>{option.label}</span>
        </label>
      ))}
    </div>
  );
  if (!label) return group;
  return (
    <div className="plain-field plain-segmented-field">
      <div className="plain-field-label" id={`${id}-label`}>
        {label}
      </div>
      {group}
    </div>
  );
}
