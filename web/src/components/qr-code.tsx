import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { PlainDialog } from './plain/dialog';
import './qr-code.css';

/**
 * A ticket's or badge's QR code (the signed token) and a dialog that shows it as large as the screen
 * allows, for the gate scanner. qrcode.react is only loaded with the pages that show one. `ns` is the
 * page's namespace, which holds `ticket.qrLabel`, `ticket.enlarge`, `ticket.dialogTitle`, `ticket.close`.
 * Plain markup (no antd): the visitor's ticket page loads none (DESIGN §7).
 */
export function QrCode({ token, holderName, ns }: { token: string; holderName: string; ns: 'visitor' | 'badge-ticket' | 'ticket-office' }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  const label = t('ticket.qrLabel', { name: holderName });
  const close = () => setOpen(false);
  return (
    <div className="qr-code">
      <div className="ticket-qr" data-testid="ticket-qr" data-token={token}>
        <QRCodeSVG value={token} size={200} level="M" marginSize={2} title={label} role="img" aria-label={label} />
      </div>
      <button type="button" className="plain-button" onClick={() => setOpen(true)} data-testid="ticket-qr-enlarge">
        <Icon definition={ExpandOutlined} />
        {t('ticket.enlarge')}
      </button>
      <PlainDialog
        open={open}
        onClose={close}
        title={t('ticket.dialogTitle')}
        closeLabel={t('ticket.close')}
        width={480}
        footer={
          <button type="button" className="plain-button plain-button-primary" onClick={close} data-testid="ticket-qr-close">
            {t('ticket.close')}
          </button>
        }
      >
        <div className="ticket-qr-large" data-testid="ticket-qr-dialog">
          <QRCodeSVG value={token} size={400} level="M" marginSize={4} title={label} role="img" aria-label={label} style={{ width: '100%', height: 'auto' }} />
        </div>
      </PlainDialog>
    </div>
  );
}
