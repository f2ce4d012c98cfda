import { create } from 'qrcode';
import { qrPathOf, type QrCodeDrawing } from '@portal/shared/ticket/qr-path';

export type { QrCodeDrawing };

/**
 * The QR code of a ticket's or badge's token, drawn on the server (error correction M, as the gates are
 * set up for): a phone then paints a path instead of encoding the token in a long task of its own
 * (100–150 ms at a mid-range phone's speed).
 */
export function qrCodeDrawingOf(token: string): QrCodeDrawing {
  const { modules } = create(token, { errorCorrectionLevel: 'M' });
  return qrPathOf(modules.size, (row, column) => Boolean(modules.get(row, column)));
}
