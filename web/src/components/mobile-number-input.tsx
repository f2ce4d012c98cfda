import { Input, Select, Space } from 'antd';
import type { InputProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLING_CODES, DEFAULT_CALLING_CODE, joinMobile, MOBILE_INPUT_MAX_LENGTH, splitMobile } from '@portal/shared/mobile/mobile-number';

import './mobile-number-input.css';

const OPTIONS = CALLING_CODES.map((code) => ({ value: code, label: code }));

export interface MobileNumberInputProps {
  /** `+86 13912345678` (a form's value), or a stored E.164 mobile; '' when no number is typed. */
  value?: string | null;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  size?: 'large' | 'middle';
  prefix?: InputProps['prefix'];
  status?: InputProps['status'];
  /** The number's input; the calling code's select is `<testId>-calling-code`. */
  testId?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The one mobile-number input of the antd forms (docs/decisions/0917-one-mobile-number-input.md): a calling
 * code (+86 first) and the national number, as one value the shared `zMobile` rule checks; a number typed
 * with its own `+code` takes that code. The plain screens use `plain/mobile-number-input.tsx`, the same parts.
 */
export function MobileNumberInput({ value, onChange, onBlur, id, disabled, size, prefix, status, testId, ...aria }: MobileNumberInputProps) {
  const { t } = useTranslation('common');
  const parts = splitMobile(value);
  // The code chosen before any digit is typed (the value is still empty).
  const [chosenCode, setChosenCode] = useState<string>(DEFAULT_CALLING_CODE);
  const callingCode = parts.national ? parts.callingCode : chosenCode;
  return (
    // Left once the focus leaves both parts (choosing the code first is not leaving the field).
    <div className="mobile-number-input" onBlur={(event) => (event.currentTarget.contains(event.relatedTarget) ? undefined : onBlur?.())}>
    <Space.Compact block>
      <Select
        value={callingCode}
        onChange={(code: string) => {
          setChosenCode(code);
          if (parts.national) onChange?.(joinMobile(code, parts.national));
        }}
        options={OPTIONS.some((option) => option.value === callingCode) ? OPTIONS : [{ value: callingCode, label: callingCode }, ...OPTIONS]}
        showSearch
        disabled={disabled}
        size={size}
        popupMatchSelectWidth={false}
        aria-label={t('mobileNumber.callingCode')}
        className="mobile-number-calling-code"
        data-testid={testId ? `${testId}-calling-code` : undefined}
      />
      <Input
        id={id}
        value={parts.national}
        onChange={(event) => onChange?.(joinMobile(callingCode, event.target.value))}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={MOBILE_INPUT_MAX_LENGTH}
        disabled={disabled}
        size={size}
        prefix={prefix}
        status={status}
        data-testid={testId}
        {...aria}
      />
    </Space.Compact>
    </div>
  );
}
