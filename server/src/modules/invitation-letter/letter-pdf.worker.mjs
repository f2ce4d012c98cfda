// @ts-check
/**
 * Draws one invitation letter on A4 in a heavy-work pool thread (as the badges are: lib/pdf-worker-kit.mjs):
 * the letterhead picture across the top, the reference and issue date, the letter in Chinese then English,
 * the issuer with the signature or stamp picture, and the verification QR (vector) with its address.
 *
 * Plain JavaScript: a worker thread does not get the TypeScript loader. The task's shape is letter-pdf.ts's.
 */
import { drawBatches, drawQr, openPdf } from '../../lib/pdf-worker-kit.mjs';

/**
 * @typedef {{
 *   port: import('node:worker_threads').MessagePort;
 *   fonts: { regular: string; bold: string };
 *   title: string;
 *   letterhead: Uint8Array | null;
 *   signature: Uint8Array | null;
 *   parts: Array<{ title: string; to: string; body: string }>;
 *   reference: string;
 *   issuer: { name: string; title: string };
 *   verify: { qr: { size: number; path: string }; caption: string; url: string };
 * }} Task
 */

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const MARGIN = 20 * MM;
const QR_SIDE = 28 * MM;

export default async function drawLetter(/** @type {Task} */ task) {
  const pdf = openPdf(task, { Title: task.title });
  const { doc } = pdf;
  const width = A4.width - 2 * MARGIN;

  function drawPage() {
    doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    let y = MARGIN * 0.6;
    if (task.letterhead) {
      const height = 28 * MM;
      doc.image(Buffer.from(task.letterhead), MARGIN, y, { fit: [width, height], align: 'center', valign: 'center' });
      y += height + 4 * MM;
    }
    doc.font('regular').fontSize(8).fillColor('#555555').text(task.reference, MARGIN, y, { width, align: 'right' });
    y = doc.y + 4 * MM;
    const bottomReserved = QR_SIDE + 30 * MM;
    for (const part of task.parts) {
      doc.font('bold').fontSize(14).fillColor('#000000').text(part.title, MARGIN, y, { width, align: 'center' });
      y = doc.y + 2 * MM;
      doc.font('regular').fontSize(10).text(part.to, MARGIN, y, { width });
      y = doc.y + 2 * MM;
      // The body shrinks a little when a long text would run into the signature.
      let size = 10;
      doc.fontSize(size);
      const room = (A4.height - bottomReserved - y) / task.parts.length;
      while (size > 7 && doc.heightOfString(part.body, { width, lineGap: 2 }) > room) doc.fontSize((size -= 0.5));
      doc.text(part.body, MARGIN, y, { width, lineGap: 2 });
      y = doc.y + 6 * MM;
    }
    const footTop = A4.height - MARGIN - QR_SIDE;
    const issuerTop = Math.max(y, footTop - 22 * MM);
    if (task.signature) doc.image(Buffer.from(task.signature), MARGIN, issuerTop, { fit: [45 * MM, 20 * MM], valign: 'center' });
    doc.font('bold').fontSize(10).fillColor('#000000').text(task.issuer.name, MARGIN, issuerTop + 21 * MM, { width: width - QR_SIDE - 5 * MM });
    doc.font('regular').fontSize(9).text(task.issuer.title, { width: width - QR_SIDE - 5 * MM });
    const qrX = A4.width - MARGIN - QR_SIDE;
    drawQr(doc, task.verify.qr, qrX, footTop - 6 * MM, QR_SIDE);
    doc.font('regular').fontSize(7).fillColor('#555555').text(task.verify.caption, qrX - 10 * MM, footTop + QR_SIDE - 5 * MM, { width: QR_SIDE + 10 * MM, align: 'center' });
  }

  return drawBatches(task.port, pdf, (/** @type {unknown[]} */ items) => {
    for (const _item of items) drawPage();
  });
}
