import { CameraOutlined, IdcardOutlined, PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Result, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ID_NUMBER_MAX_LENGTH } from '@portal/shared/badge/badge.schema';
import { AltchaCaptcha, type AltchaCaptchaHandle } from '../../../components/altcha-captcha';
import { MobileNumberInput } from '../../../components/mobile-number-input';
import { QrCode } from '../../../components/qr-code';
import type { BadgeTicketMutation } from '../../../graphql/operations.generated';
import { normaliseError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/use-error-text';
import { isWeChatBrowser } from '../../../lib/wechat';
import { useBadgeTicket } from '../api/badge-ticket';
import { TicketPhotoReplace } from '../components/ticket-photo-replace';
import { saveQrPicture } from '../lib/save-qr-picture';
import './badge-ticket.css';

type BadgeTicket = BadgeTicketMutation['badgeTicket'];

/**
 * The badge's QR with the holder and the company, to show at the gate, save as a picture or print; or
 * the photo replacement, after which the QR gives way to "back under review".
 */
function BadgeTicketDialog({ ticket, lookUp, onClose }: { ticket: BadgeTicket | null; lookUp: TicketForm; onClose: () => void }) {
  const { t } = useTranslation('badge-ticket');
  const { message } = App.useApp();
  const qr = useRef<HTMLDivElement>(null);
  const wechat = isWeChatBrowser();
  const [view, setView] = useState<'qr' | 'photo' | 'replaced'>('qr');
  const save = async () => {
    const svg = qr.current?.querySelector<SVGSVGElement>('[data-testid="ticket-qr"] svg');
    if (!svg || !ticket) return;
    try {
      await saveQrPicture(svg, `${ticket.namePinyin.replace(/[^A-Za-z]+/g, '') || 'badge'}-qr.png`);
    } catch {
      void message.error(t('saveFailed'));
    }
  };
  return (
    <Modal
      open={ticket !== null}
      onCancel={onClose}
      title={t('dialogTitle')}
      centered
      width={440}
      destroyOnHidden
      closable={{ 'aria-label': t('ticket.close') }}
      rootClassName="badge-ticket-print"
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          {view === 'qr' ? (
            <Button icon={<CameraOutlined aria-hidden />} onClick={() => setView('photo')} data-testid="badge-ticket-replace-photo">
              {t('photo.replace')}
            </Button>
          ) : null}
          {view === 'photo' ? (
            <Button onClick={() => setView('qr')} data-testid="badge-ticket-back">
              {t('photo.back')}
            </Button>
          ) : null}
          {wechat || view !== 'qr' ? null : (
            <Button icon={<SaveOutlined aria-hidden />} onClick={() => void save()} data-testid="badge-ticket-save">
              {t('save')}
            </Button>
          )}
          {view === 'qr' ? (
            <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} data-testid="badge-ticket-print">
              {t('print')}
            </Button>
          ) : null}
          <Button type="primary" onClick={onClose} data-testid="badge-ticket-close">
            {t('ticket.close')}
          </Button>
        </Flex>
      }
    >
      {ticket && view === 'photo' ? <TicketPhotoReplace lookUp={lookUp} counterCheck={ticket.counterCheck} onReplaced={() => setView('replaced')} /> : null}
      {ticket && view === 'replaced' ? <Result status="success" title={t('replaced.title')} subTitle={t('replaced.description')} data-testid="badge-ticket-photo-replaced" /> : null}
      {ticket && view === 'qr' ? (
        <Flex vertical align="center" gap={16} data-testid="badge-ticket-dialog">
          <div ref={qr}>
            <QrCode token={ticket.token} drawing={ticket.qr} holderName={ticket.name} ns="badge-ticket" />
          </div>
          <Flex vertical align="center" gap={2}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }} data-testid="badge-ticket-name">
              {ticket.name}
            </Typography.Title>
            <Typography.Text data-testid="badge-ticket-pinyin">{ticket.namePinyin}</Typography.Text>
            <Typography.Text strong data-testid="badge-ticket-company">
              {ticket.companyNameZh}
            </Typography.Text>
            <Typography.Text type="secondary">{ticket.companyNameEn}</Typography.Text>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: 0, textAlign: 'center' }} data-testid="badge-ticket-instruction">
            {wechat ? t('wechatSave') : t('instruction')}
          </Typography.Paragraph>
        </Flex>
      ) : null}
    </Modal>
  );
}

interface TicketForm {
  idNumber: string;
  phoneNumber: string;
}

/**
 * /ticket (public, DESIGN §1): exhibitor staff without an account retrieve their badge's QR after the
 * captcha with the ID number and the mobile number given on the badge application. Any mismatch — an
 * unknown number, another mobile, a badge not approved yet — gets the same answer from the server.
 */
export function BadgeTicketPage() {
  const { t } = useTranslation('badge-ticket');
  const errorText = useErrorText();
  const [form] = Form.useForm<TicketForm>();
  const captcha = useRef<AltchaCaptchaHandle>(null);
  const lookup = useBadgeTicket();
  const [ticket, setTicket] = useState<BadgeTicket | null>(null);
  const [lookUp, setLookUp] = useState<TicketForm>({ idNumber: '', phoneNumber: '' });
  const [failure, setFailure] = useState<{ notFound: boolean; text: string } | null>(null);
  // From the press until the answer, the captcha's last moments of solving included: a press always shows it was taken.
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: TicketForm) => {
    setFailure(null);
    setSubmitting(true);
    try {
      const payload = await (captcha.current?.getPayload() ?? Promise.reject(new Error('captcha missing')));
      setTicket(await lookup.mutateAsync({ captcha: payload, idNumber: values.idNumber, phoneNumber: values.phoneNumber }));
      setLookUp(values);
    } catch (error) {
      const notFound = normaliseError(error).code === 'BADGE_TICKET_NOT_FOUND';
      setFailure({ notFound, text: notFound ? t('notFound') : errorText(error) });
    } finally {
      setSubmitting(false);
      // A payload is single use: the next look-up solves a new challenge.
      captcha.current?.reset();
    }
  };

  return (
    <Card className="register-card" data-testid="badge-ticket-page">
      <Flex vertical gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      </Flex>
      <Form<TicketForm> form={form} layout="vertical" requiredMark onFinish={(values) => void submit(values)} name="badge-ticket">
        <Form.Item name="idNumber" label={t('idNumber')} rules={[{ required: true, whitespace: true, message: t('idNumberRequired') }]}>
          <Input prefix={<IdcardOutlined aria-hidden />} size="large" autoComplete="off" maxLength={ID_NUMBER_MAX_LENGTH} data-testid="badge-ticket-id-number" />
        </Form.Item>
        <Form.Item name="phoneNumber" label={t('phoneNumber')} extra={t('phoneNumberHint')} rules={[{ required: true, whitespace: true, message: t('phoneNumberRequired') }]}>
          <MobileNumberInput size="large" testId="badge-ticket-phone" />
        </Form.Item>
        <Form.Item>
          <AltchaCaptcha ref={captcha} />
        </Form.Item>
        {failure ? (
          <Alert
            type={failure.notFound ? 'warning' : 'error'}
            showIcon
            title={failure.text}
            description={failure.notFound ? t('notFoundHint') : undefined}
            style={{ marginBottom: 16 }}
            data-testid={failure.notFound ? 'badge-ticket-not-found' : 'badge-ticket-error'}
          />
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="badge-ticket-submit">
          {t('submit')}
        </Button>
      </Form>
      {/* A new look-up opens on its QR (the key resets the dialog's step). */}
      <BadgeTicketDialog key={ticket?.token ?? 'none'} ticket={ticket} lookUp={lookUp} onClose={() => setTicket(null)} />
    </Card>
  );
}
