import { Alert, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { useErrorText } from '../../../lib/use-error-text';
import type { OfficeTicket } from '../api/office-tickets';
import { useTicketQr } from '../api/ticket-qr';

/** A valid ticket's QR, as the gates read it (a lost ticket shown or printed again); every opening is audited. */
export function TicketQrDialog({ ticket, onClose }: { ticket: OfficeTicket | null; onClose: () => void }) {
  const { t } = useTranslation('ticket-office');
  const errorText = useErrorText();
  const qr = useTicketQr(ticket?.id ?? null);
  return (
    <Modal open={ticket !== null} onCancel={onClose} footer={null} title={ticket ? t('qr.title', { name: ticket.holderName }) : ''} destroyOnHidden closable={{ 'aria-label': t('ticket.close') }} data-testid="ticket-qr-modal">
      <Flex vertical align="center" gap={12}>
        <Typography.Text type="secondary">{t('qr.audited')}</Typography.Text>
        {qr.isPending && <Spin />}
        {qr.isError && <Alert type="error" showIcon title={t('common:labelled', { label: t('qr.loadError'), value: errorText(qr.error) })} />}
        {qr.data && ticket && <QrCode token={qr.data.token} drawing={qr.data.qr} holderName={ticket.holderName} ns="ticket-office" />}
      </Flex>
    </Modal>
  );
}
