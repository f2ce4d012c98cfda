import { Alert, App, Flex, Form, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AltchaCaptcha, type AltchaCaptchaHandle } from '../../../components/altcha-captcha';
import { PhotoUpload } from '../../../components/photo-upload';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { useCountdown } from '../../../lib/use-countdown';
import { useErrorText } from '../../../lib/use-error-text';
import { replaceBadgePhoto } from '../api/replace-badge-photo';
import { useSendBadgePhotoCode } from '../api/send-badge-photo-code';

/**
 * /ticket: the staff member replaces the badge's entry-card photo. A code goes by SMS to the badge's own
 * mobile first (the ID number and mobile alone are on the company's staff list); the cropped, face-checked
 * picture is sent with it, and the badge goes back to the organizer's review.
 */
export function TicketPhotoReplace({ lookUp, counterCheck, onReplaced }: { lookUp: { idNumber: string; phoneNumber: string }; counterCheck: boolean; onReplaced: () => void }) {
  const { t } = useTranslation('badge-ticket');
  const { notification } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<{ code: string }>();
  const code = Form.useWatch('code', form)?.trim() ?? '';
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const send = useSendBadgePhotoCode();
  const { remaining, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const sendCode = async () => {
    setSending(true);
    try {
      const payload = await (captcha.current?.getPayload() ?? Promise.reject(new Error('captcha missing')));
      start(await send.mutateAsync({ captcha: payload, ...lookUp }));
      setSent(true);
    } catch (error) {
      notification.error({ title: errorText(error), placement: 'top' });
    } finally {
      setSending(false);
      // A payload is single use: the next send solves a new challenge.
      captcha.current?.reset();
    }
  };

  return (
    <Flex vertical gap={12} style={{ width: '100%' }} data-testid="ticket-photo-replace">
      <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
        {t('photo.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('photo.intro')}</Typography.Text>
      <Form form={form} layout="vertical" name="ticket-photo" requiredMark>
        <Form.Item>
          <AltchaCaptcha ref={captcha} />
        </Form.Item>
        <Form.Item name="code" label={t('photo.code')} rules={[{ required: true, whitespace: true, message: t('errors:AUTH_CODE_REQUIRED') }]}>
          <VerificationCodeInput
            placeholder={t('photo.codePlaceholder')}
            sendText={t('photo.sendCode')}
            resendText={(seconds) => t('photo.resendCode', { seconds })}
            testIdPrefix="ticket-photo"
            code={{ sending, remaining }}
            onSend={() => void sendCode()}
          />
        </Form.Item>
        {sent ? <Alert type="info" showIcon title={t('photo.codeSent')} style={{ marginBottom: 16 }} data-testid="ticket-photo-code-sent" /> : null}
        <Form.Item label={t('photo.newPhoto')} htmlFor="ticket-photo-picture" extra={code ? undefined : t('photo.codeFirst')}>
          <PhotoUpload
            id="ticket-photo-picture"
            purpose="BADGE"
            profile="general"
            label={t('photo.newPhoto')}
            disabled={!code}
            upload={(file) => replaceBadgePhoto({ ...lookUp, code, counterCheck }, file)}
            faceCheck={!counterCheck}
            onChange={(photo) => (photo ? onReplaced() : undefined)}
          />
        </Form.Item>
      </Form>
    </Flex>
  );
}
