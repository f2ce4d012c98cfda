import { ExpandOutlined } from '@ant-design/icons';
import { Button, Flex, Modal } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A ticket's or badge's QR code (the signed token) and a dialog that shows it as large as the screen
 * allows, for the gate scanner. qrcode.react is only loaded with the pages that show one. `ns` is the
 * page's namespace, which holds `ticket.qrLabel`, `ticket.enlarge`, `ticket.dialogTitle`, `ticket.close`.
 */
export function QrCode({ token, holderName, ns }: { token: string; holderName: string; ns: 'visitor' | 'badge-ticket' | 'ticket-office' }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  const label = t('ticket.qrLabel', { name: holderName });
  return (
    <Flex vertical align="center" gap={12}>
      <div className="ticket-qr" data-testid="ticket-qr" data-token={token}>
        <QRCodeSVG value={token} size={200} level="M" marginSize={2} title={label} role="img" aria-label={label} />
      </div>
      <Button icon={<ExpandOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="ticket-qr-enlarge">
        {t('ticket.enlarge')}
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        title={t('ticket.dialogTitle')}
        footer={
          <Button type="primary" onClick={() => setOpen(false)} data-testid="ticket-qr-close">
            {t('ticket.close')}
          </Button>
        }
        centered
        width={480}
        closable={{ 'aria-label': t('ticket.close') }}
        destroyOnHidden
      >
        <div className="ticket-qr-large" data-testid="ticket-qr-dialog">
          <QRCodeSVG value={token} size={400} level="M" marginSize={4} title={label} role="img" aria-label={label} style={{ width: '100%', height: 'auto' }} />
        </div>
      </Modal>
    </Flex>
  );
}
