/**
 * A QR code's dark modules as one SVG path: each row's runs of dark modules are one rectangle. The server
 * draws static tickets' QR with it (`server/src/lib/qr-code.ts`), the visitor's page a rotating ticket's.
 */
export interface QrCodeDrawing {
  /** Modules a side, without the quiet zone (the page adds it). */
  size: number;
  path: string;
}

export function qrPathOf(size: number, isDark: (row: number, column: number) => boolean): QrCodeDrawing {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && isDark(row, column)) column += 1;
      parts.push(`M${start} ${row}h${column - start}v1H${start}z`);
    }
  }
  return { size, path: parts.join('') };
}
