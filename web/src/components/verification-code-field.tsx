import { SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_INPUT_MAX_LENGTH } from '../lib/input-limits';
import type { VerificationCode } from '../lib/use-verification-code';

/**
 * The verification-code field of the sign-in and registration forms: the code input (form field
 * `code`) and the send button with its resend countdown, driven by `useVerificationCode`. The texts
 * come from the form (each page words them); test ids are `<testIdPrefix>-code` and `-send-code`.
 */
export function VerificationCodeField({
  inputId,
  label,
  placeholder,
  sendText,
  resendText,
  required,
  testIdPrefix,
  code,
  onSend,
}: {
  /** The input's id (the label points to it). */
  inputId: string;
  label: string;
  placeholder: string;
  sendText: string;
  resendText: (seconds: number) => string;
  /** Shows the required mark. */
  required?: boolean;
  testIdPrefix: string;
  code: Pick<VerificationCode, 'sending' | 'remaining'>;
  onSend: () => void;
}) {
  const { t } = useTranslation('errors');
  return (
    <Form.Item label={label} htmlFor={inputId} required={required}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('AUTH_CODE_REQUIRED') }]}>
          <Input
            id={inputId}
            prefix={<SafetyOutlined aria-hidden />}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={VERIFICATION_CODE_INPUT_MAX_LENGTH}
            placeholder={placeholder}
            size="large"
            data-testid={`${testIdPrefix}-code`}
          />
        </Form.Item>
        <Button size="large" onClick={onSend} loading={code.sending} disabled={code.remaining > 0} data-testid={`${testIdPrefix}-send-code`}>
          {code.remaining > 0 ? resendText(code.remaining) : sendText}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
