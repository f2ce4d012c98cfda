import { create } from 'qrcode';

/** A QR code drawn as one SVG path: `size` modules a side, without the quiet zone (the page adds it). */
export interface QrCodeDrawing {
  size: number;
  path: string;
}

/**
 * The QR code of a ticket's or badge's token, drawn on the server (error correction M, as the gates are
 * set up for): a phone then paints a path instead of encoding the token in a long task of its own
 * (100–150 ms at a mid-range phone's speed). Each row's runs of dark modules are one rectangle.
 */
export function qrCodeDrawingOf(token: string): QrCodeDrawing {
  const { modules } = create(token, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      parts.push(`M${start} ${row}h${column - start}v1H${start}z`);
    }
  }
  return { size: modules.size, path: parts.join('') };
}
