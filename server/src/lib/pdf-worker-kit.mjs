// @ts-check
/**
 * What every PDF worker of the heavy-work pool shares (printed badges, invitation letters): the document
 * with the CJK fonts registered and its bytes sent over the task's port as they are made, the loop that
 * draws each batch the main thread (pdf-stream.ts) sends, and the QR drawn as vector rectangles.
 *
 * Plain JavaScript: a worker thread does not get the TypeScript loader.
 */
import PDFDocument from 'pdfkit';
import { lowerThreadPriority } from './thread-priority.mjs';

/** @typedef {{ size: number; path: string }} QrDrawing */
/** Modules of white around the QR: the quiet zone a scanner needs, whatever the background. */
const QR_QUIET_MODULES = 2;

/**
 * A document whose bytes go to `port` (`{ chunk }`), with the fonts `regular` and `bold` registered.
 * @param {{ port: import('node:worker_threads').MessagePort; fonts: { regular: string; bold: string } }} task
 * @param {{ Title: string }} info
 */
export function openPdf(task, info) {
  // A pool thread runs below the event loop, which answers the gates (heavy-work-pool.ts).
  lowerThreadPriority();
  const doc = new PDFDocument({ size: [0, 0], autoFirstPage: false, margin: 0, info: { ...info, Producer: 'portal' } });
  doc.registerFont('regular', task.fonts.regular);
  doc.registerFont('bold', task.fonts.bold);
  doc.on('data', (/** @type {Buffer} */ chunk) => {
    // A copy of its own: pdfkit's chunks may share a pooled buffer, which cannot be transferred.
    const bytes = new Uint8Array(chunk);
    task.port.postMessage({ chunk: bytes }, [bytes.buffer]);
  });
  /** @type {Promise<void>} */
  const ended = new Promise((resolve) => doc.on('end', () => resolve()));
  return { doc, ended };
}

/**
 * Draws each batch the main thread sends (`{ items }`, answered `{ drawn }`) until `{ end }`, then ends the
 * document and answers `{ done, count }`; resolves to the number of items drawn.
 * @template T
 * @param {import('node:worker_threads').MessagePort} port
 * @param {{ doc: PDFKit.PDFDocument; ended: Promise<void> }} pdf
 * @param {(items: T[]) => void} drawBatch
 */
export async function drawBatches(port, pdf, drawBatch) {
  let count = 0;
  await new Promise((resolve, reject) => {
    port.on('message', (/** @type {{ items?: T[]; end?: boolean }} */ message) => {
      try {
        if (message.items) {
          drawBatch(message.items);
          count += message.items.length;
          port.postMessage({ drawn: true });
        } else if (message.end) {
          pdf.doc.end();
          resolve(undefined);
        }
      } catch (error) {
        reject(error);
      }
    });
  });
  await pdf.ended;
  port.postMessage({ done: true, count });
  port.close();
  return count;
}

/**
 * The QR as vector rectangles on white, its quiet zone inside `side` (the path of lib/qr-code.ts).
 * @param {PDFKit.PDFDocument} doc @param {QrDrawing} qr @param {number} x @param {number} y @param {number} side
 */
export function drawQr(doc, qr, x, y, side) {
  const modules = qr.size + 2 * QR_QUIET_MODULES;
  const scale = side / modules;
  doc.rect(x, y, side, side).fill('#ffffff');
  doc.save();
  doc.translate(x + QR_QUIET_MODULES * scale, y + QR_QUIET_MODULES * scale).scale(scale);
  doc.path(qr.path).fill('#000000');
  doc.restore();
}
