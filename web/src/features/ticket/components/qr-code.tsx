import { ExpandOutlined } from '@ant-design/icons';
import { Button, Flex, Modal } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The ticket's QR code (the signed token) and a dialog that shows it as large as the screen allows,
 * for the gate scanner. qrcode.react is only loaded with the ticket page.
 */
export function QrCode({ token, holderName }: { token: string; holderName: string }) {
  const { t } = useTranslation('visitor');
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
