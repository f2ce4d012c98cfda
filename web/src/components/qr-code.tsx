import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { PlainDialog } from './plain/dialog';
import './qr-code.css';

/** The server's drawing of a QR code: `size` modules a side, one path of its dark modules. */
export interface QrCodeDrawing {
  size: number;
  path: string;
}

/** The drawing with a white quiet zone of `margin` modules around it, scaled to `size` pixels. */
function QrCodeSvg({ drawing, margin, size, label, fluid = false }: { drawing: QrCodeDrawing; margin: number; size: number; label: string; fluid?: boolean }) {
  const side = drawing.size + 2 * margin;
  return (
    <svg
      viewBox={`${-margin} ${-margin} ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      style={fluid ? { width: '100%', height: 'auto' } : undefined}
    >
      <title>{label}</title>
      <rect x={-margin} y={-margin} width={side} height={side} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}

/**
 * A ticket's or badge's QR code (the signed token, drawn by the server: no encoding on the phone) and a
 * dialog that shows it as large as the screen allows, for the gate scanner. `ns` is the page's namespace,
 * which holds `ticket.qrLabel`, `ticket.enlarge`, `ticket.dialogTitle`, `ticket.close`. Plain markup (no
 * antd): the visitor's ticket page loads none (DESIGN §7).
 */
export function QrCode({ token, drawing, holderName, ns }: { token: string; drawing: QrCodeDrawing; holderName: string; ns: 'visitor' | 'badge-ticket' | 'ticket-office' }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  const label = t('ticket.qrLabel', { name: holderName });
  const close = () => setOpen(false);
  return (
    <div className="qr-code">
      {/* Hidden while enlarged: a screenshot of the dialog then holds one QR code, which a gate's decoder
          would otherwise mix up with the dimmed one behind the backdrop. */}
      <div className={open ? 'ticket-qr ticket-qr-covered' : 'ticket-qr'} data-testid="ticket-qr" data-token={token}>
        <QrCodeSvg drawing={drawing} margin={2} size={200} label={label} />
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
          <QrCodeSvg drawing={drawing} margin={4} size={400} label={label} fluid />
        </div>
      </PlainDialog>
    </div>
  );
}
