/**
 * A QR read from a picture (a camera frame saved as PNG or JPEG): sharp gives the raw RGBA pixels,
 * jsQR finds and decodes the code. A USB scanner in keyboard mode needs none of this: it types the
 * QR text (see `run`).
 */
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * The QR's text, or undefined when the picture holds no readable QR code. jsQR reads 8-bit RGBA only: a grey,
 * 16-bit or transparent picture is first put on white in 8-bit sRGB (a cut-out QR's dark modules are then black).
 */
export async function readQrFromImage(file: string): Promise<string | undefined> {
  const { data, info } = await sharp(file).flatten({ background: '#ffffff' }).toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  return code?.data;
}
