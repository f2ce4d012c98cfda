// @ts-check
/**
 * Draws badges into one PDF in a heavy-work pool thread (DESIGN §6: PDFs never share the gates' event
 * loop). The main thread (badge-pdf.ts) reads the tickets and sends them in batches over the task's
 * MessagePort; each batch is drawn and its bytes sent back at once, so the file streams to the browser
 * while it is being made. The text is vector in a CJK font that pdfkit (fontkit) subsets to the glyphs
 * used; the QR is vector too (the path of lib/qr-code.ts); only photos, logo and background are images.
 *
 * Plain JavaScript: a worker thread does not get the TypeScript loader. The task's shape is badge-pdf.ts's.
 */
import { drawBatches, drawQr as drawQrAt, openPdf } from '../../lib/pdf-worker-kit.mjs';

/**
 * @typedef {{ size: number; path: string }} QrDrawing
 * @typedef {{ name: string; pinyin: string; organization: string | null; kindLabel: string; photo: Uint8Array | null; qr: QrDrawing | null }} Face
 * @typedef {{ width: number; height: number }} Box
 * @typedef {{
 *   port: import('node:worker_threads').MessagePort;
 *   fonts: { regular: string; bold: string };
 *   badge: Box;
 *   layout: 'SINGLE' | 'A4_SHEET';
 *   style: { backgroundColor: string; textColor: string; fields: string[]; background: Uint8Array | null; logo: Uint8Array | null };
 *   title: string;
 * }} Task
 */

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
/** The sheet's margin and the gap between two badges, which holds the crop marks. */
const SHEET_MARGIN = 10 * MM;
const SHEET_GAP = 6 * MM;
const CROP_MARK = { offset: 1 * MM, length: 4 * MM };

/** Where the badges go on a page: one at its size, or a grid centred on A4. */
function slotsOf(/** @type {Box} */ badge, /** @type {Task['layout']} */ layout) {
  if (layout === 'SINGLE') return { page: badge, slots: [{ x: 0, y: 0 }] };
  const columns = Math.max(1, Math.floor((A4.width - 2 * SHEET_MARGIN + SHEET_GAP) / (badge.width + SHEET_GAP)));
  const rows = Math.max(1, Math.floor((A4.height - 2 * SHEET_MARGIN + SHEET_GAP) / (badge.height + SHEET_GAP)));
  const left = (A4.width - columns * badge.width - (columns - 1) * SHEET_GAP) / 2;
  const top = (A4.height - rows * badge.height - (rows - 1) * SHEET_GAP) / 2;
  const slots = [];
  for (let row = 0; row < rows; row += 1) for (let column = 0; column < columns; column += 1) slots.push({ x: left + column * (badge.width + SHEET_GAP), y: top + row * (badge.height + SHEET_GAP) });
  return { page: A4, slots };
}

export default async function drawBadges(/** @type {Task} */ task) {
  const { port, badge, style } = task;
  const pdf = openPdf(task, { Title: task.title });
  const { doc } = pdf;
  // Opened once, embedded once: every badge refers to the same image object.
  const background = style.background ? doc.openImage(Buffer.from(style.background)) : null;
  const logo = style.logo ? doc.openImage(Buffer.from(style.logo)) : null;
  const fields = new Set(style.fields);
  const { page, slots } = slotsOf(badge, task.layout);
  let drawn = 0;

  /** @param {Face} face @param {{ x: number; y: number }} at */
  function drawBadge(face, at) {
    doc.save();
    doc.translate(at.x, at.y);
    doc.rect(0, 0, badge.width, badge.height).clip();
    doc.rect(0, 0, badge.width, badge.height).fill(style.backgroundColor);
    if (background) doc.image(background, 0, 0, { cover: [badge.width, badge.height], align: 'center', valign: 'center' });
    const landscape = badge.width > badge.height;
    const unit = Math.min(badge.width, badge.height);
    const margin = unit * 0.06;
    const band = (landscape ? 0.2 : 0.13) * badge.height;
    if (logo) doc.image(logo, margin, margin, { fit: [badge.width * 0.45, band], align: 'left', valign: 'center' });
    if (fields.has('KIND_LABEL') && face.kindLabel) fitText(face.kindLabel, 'bold', band * 0.45, { x: badge.width * 0.45, y: margin + band * 0.25, width: badge.width * 0.55 - margin, align: 'right' });
    const top = margin + band + margin * 0.5;
    if (landscape) drawLandscapeBody(face, top, margin);
    else drawPortraitBody(face, top, margin);
    doc.restore();
  }

  /** Photo above the text, the QR at the bottom, all centred. @param {Face} face @param {number} top @param {number} margin */
  function drawPortraitBody(face, top, margin) {
    let y = top;
    const qrSide = fields.has('QR') && face.qr ? Math.min(badge.height * 0.3, badge.width - 2 * margin) : 0;
    if (fields.has('PHOTO')) {
      const width = badge.width * 0.38;
      const height = Math.min(width * (4 / 3), badge.height * 0.32);
      drawPhoto(face.photo, (badge.width - width) / 2, y, width, height);
      y += height + margin * 0.6;
    }
    const room = { x: margin, width: badge.width - 2 * margin, align: /** @type {const} */ ('center') };
    y = drawText(face, y, room, badge.height * 0.085);
    if (qrSide > 0 && face.qr) drawQr(face.qr, (badge.width - qrSide) / 2, Math.max(y, badge.height - margin - qrSide), qrSide);
  }

  /** Photo on the left, the QR on the right, the text between. @param {Face} face @param {number} top @param {number} margin */
  function drawLandscapeBody(face, top, margin) {
    const bodyHeight = badge.height - top - margin;
    let left = margin;
    let right = badge.width - margin;
    if (fields.has('PHOTO')) {
      const height = bodyHeight;
      const width = Math.min(height * 0.75, badge.width * 0.26);
      drawPhoto(face.photo, left, top, width, width * (4 / 3) > height ? height : width * (4 / 3));
      left += width + margin;
    }
    if (fields.has('QR') && face.qr) {
      const side = Math.min(bodyHeight, badge.width * 0.3);
      drawQr(face.qr, right - side, top + (bodyHeight - side) / 2, side);
      right -= side + margin;
    }
    drawText(face, top + bodyHeight * 0.12, { x: left, width: right - left, align: /** @type {const} */ ('left') }, badge.height * 0.12);
  }

  /**
   * Name, pinyin and company, each on one line shrunk to fit its width; answers where the text ended.
   * @param {Face} face @param {number} y @param {{ x: number; width: number; align: 'left' | 'center' }} room @param {number} nameSize
   */
  function drawText(face, y, room, nameSize) {
    let at = y;
    if (fields.has('NAME') && face.name) at += fitText(face.name, 'bold', nameSize, { ...room, y: at }) * 1.25;
    if (fields.has('PINYIN') && face.pinyin && face.pinyin !== face.name) at += fitText(face.pinyin, 'regular', nameSize * 0.5, { ...room, y: at }) * 1.35;
    if (fields.has('ORGANIZATION') && face.organization) at += fitText(face.organization, 'regular', nameSize * 0.45, { ...room, y: at }) * 1.35;
    return at;
  }

  /**
   * One line of text at most `size`, smaller when it would not fit its width; answers the size used.
   * @param {string} text @param {'regular' | 'bold'} font @param {number} size
   * @param {{ x: number; y: number; width: number; align: 'left' | 'center' | 'right' }} box
   */
  function fitText(text, font, size, box) {
    doc.font(font).fontSize(size);
    const natural = doc.widthOfString(text);
    const used = natural > box.width ? Math.max(4, (size * box.width) / natural) : size;
    doc.fontSize(used).fillColor(style.textColor).text(text, box.x, box.y, { width: box.width, align: box.align, lineBreak: false });
    return used;
  }

  /** The holder's photo, cropped to its frame; a grey frame where there is none. @param {Uint8Array | null} photo @param {number} x @param {number} y @param {number} width @param {number} height */
  function drawPhoto(photo, x, y, width, height) {
    doc.save();
    doc.rect(x, y, width, height).clip();
    if (photo) doc.image(Buffer.from(photo), x, y, { cover: [width, height], align: 'center', valign: 'center' });
    else doc.rect(x, y, width, height).fill('#d9d9d9');
    doc.restore();
  }

  /** The QR as vector rectangles on white (lib/pdf-worker-kit.mjs). @param {QrDrawing} qr @param {number} x @param {number} y @param {number} side */
  function drawQr(qr, x, y, side) {
    drawQrAt(doc, qr, x, y, side);
  }

  /** Short lines outside each corner of a badge on the sheet, where the cutter cuts. @param {{ x: number; y: number }} at */
  function drawCropMarks(at) {
    doc.save().lineWidth(0.3).strokeColor('#000000');
    for (const x of [at.x, at.x + badge.width]) {
      for (const y of [at.y, at.y + badge.height]) {
        const outX = x === at.x ? -1 : 1;
        const outY = y === at.y ? -1 : 1;
        doc.moveTo(x + outX * CROP_MARK.offset, y).lineTo(x + outX * (CROP_MARK.offset + CROP_MARK.length), y).stroke();
        doc.moveTo(x, y + outY * CROP_MARK.offset).lineTo(x, y + outY * (CROP_MARK.offset + CROP_MARK.length)).stroke();
      }
    }
    doc.restore();
  }

  /** @param {Face[]} faces */
  function drawBatch(faces) {
    for (const face of faces) {
      const slot = drawn % slots.length;
      if (slot === 0) doc.addPage({ size: [page.width, page.height], margin: 0 });
      const at = slots[slot] ?? { x: 0, y: 0 };
      drawBadge(face, at);
      if (task.layout === 'A4_SHEET') drawCropMarks(at);
      drawn += 1;
    }
  }

  return drawBatches(port, pdf, drawBatch);
}
