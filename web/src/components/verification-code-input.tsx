import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import type { InputHTMLAttributes } from 'react';
import { VERIFICATION_CODE_INPUT_MAX_LENGTH } from '../lib/input-limits';
import type { VerificationCode } from '../lib/use-verification-code';
import { Icon } from './icon';
import './verification-code-input.css';

/**
 * The verification-code control of the sign-in and registration forms, built without antd (DESIGN §7): the code
 * input and the send button with its resend countdown, driven by `useVerificationCode`. The input's own props
 * (id, value, onChange, aria-*) are the form's: a `PlainField` or an antd `Form.Item` gives them. The texts
 * come from the form (each page words them); test ids are `<testIdPrefix>-code` and `-send-code`.
 */
export function VerificationCodeInput({
  sendText,
  resendText,
  testIdPrefix,
  code,
  onSend,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  sendText: string;
  resendText: (seconds: number) => string;
  testIdPrefix: string;
  code: Pick<VerificationCode, 'sending' | 'remaining'>;
  onSend: () => void;
}) {
  return (
    <span className="plain-compact">
      <span className="plain-input">
        <Icon definition={SafetyOutlined} />
        <input {...input} autoComplete="one-time-code" inputMode="numeric" maxLength={VERIFICATION_CODE_INPUT_MAX_LENGTH} data-testid={`${testIdPrefix}-code`} />
      </span>
      <button
        type="button"
        className="plain-button"
        onClick={onSend}
        disabled={code.sending || code.remaining > 0}
        aria-busy={code.sending || undefined}
        data-testid={`${testIdPrefix}-send-code`}
      >
        {code.remaining > 0 ? resendText(code.remaining) : sendText}
      </button>
    </span>
  );
}
