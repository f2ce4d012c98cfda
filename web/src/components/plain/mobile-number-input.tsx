import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import { useState, type FocusEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { CALLING_CODES, DEFAULT_CALLING_CODE, joinMobile, MOBILE_INPUT_MAX_LENGTH, splitMobile } from '@portal/shared/mobile/mobile-number';
import { Icon } from '../icon';
import './mobile-number-input.css';

/**
 * The mobile-number input of the screens built without antd (DESIGN §7): the same calling code and national
 * number as `components/mobile-number-input.tsx`, drawn as a plain input with the phone's own picker.
 */
export function PlainMobileNumberInput({
  id,
  value,
  onChange,
  onBlur,
  placeholder,
  testId,
  ...aria
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLElement>;
  placeholder?: string;
  testId?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation('common');
  const parts = splitMobile(value);
  const [chosenCode, setChosenCode] = useState<string>(DEFAULT_CALLING_CODE);
  const callingCode = parts.national ? parts.callingCode : chosenCode;
  const codes: readonly string[] = CALLING_CODES.includes(callingCode as (typeof CALLING_CODES)[number]) ? CALLING_CODES : [callingCode, ...CALLING_CODES];
  return (
    // Left once the focus leaves both parts (choosing the code first is not leaving the field).
    <span className="plain-input plain-mobile-number" onBlur={(event) => (event.currentTarget.contains(event.relatedTarget) ? undefined : onBlur?.(event))}>
      <Icon definition={MobileOutlined} />
      <select
        value={callingCode}
        onChange={(event) => {
          setChosenCode(event.target.value);
          if (parts.national) onChange(joinMobile(event.target.value, parts.national));
        }}
        aria-label={t('mobileNumber.callingCode')}
        data-testid={testId ? `${testId}-calling-code` : undefined}
      >
        {codes.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <input
        id={id}
        value={parts.national}
        onChange={(event) => onChange(joinMobile(callingCode, event.target.value))}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={MOBILE_INPUT_MAX_LENGTH}
        placeholder={placeholder}
        data-testid={testId}
        {...aria}
      />
    </span>
  );
}
