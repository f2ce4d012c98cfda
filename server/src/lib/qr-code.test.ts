import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrCodeDrawingOf } from './qr-code';

/** The drawing as the page shows it (a white quiet zone of 4 modules), rasterised and read back by a QR reader. */
async function readBack(token: string) {
  const { size, path } = qrCodeDrawingOf(token);
  const side = size + 8;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 ${side} ${side}" width="${side * 8}" height="${side * 8}" shape-rendering="crispEdges"><rect x="-4" y="-4" width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

describe('the QR code drawn on the server', () => {
  it('reads back as the token it was drawn from', async () => {
    const token = 'eyJrIjoiQyIsImkiOiIwMTkzYjFlNy1hYjNkLTc4ZjAtYjY1ZC0yZjQ3ZDk1YjJjNGUiLCJkIjpbIjIwMjUtMDQtMTAiXX0.' + 'A'.repeat(86);
    expect(await readBack(token)).toBe(token);
    expect(await readBack('BADGE-000042')).toBe('BADGE-000042');
  });
});
