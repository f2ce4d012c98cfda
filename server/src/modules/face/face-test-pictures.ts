/**
 * Test pictures made at test time from the sample photos that @vladmandic/face-api ships in its
 * demo/ folder (group photos from a Sony/Samsung camera whose EXIF carries a GPS block).
 * Used by the face and media tests; not part of the running server.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FaceBox } from './face.service';

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** sample1.jpg … sample6.jpg, 1920 px wide, 3 to 5 people each. */
export function demoSample(n: 1 | 2 | 3 | 4 | 5 | 6): Buffer {
  return readFileSync(join(demoDir, `sample${n}.jpg`));
}

/** The detection with the highest score. */
export function bestFace(boxes: FaceBox[]): FaceBox {
  const best = [...boxes].sort((a, b) => b.score - a.score)[0];
  if (!best) throw new Error('no face in the sample');
  return best;
}

/**
 * A square crop around `face` (relative box of `source`) sized so that the face box covers about
 * `ratio` of the crop, then optionally framed with a plain border that multiplies the area by
 * `frame` (to push a face below 15 %). The source's EXIF (with its GPS block) is kept on purpose.
 */
export async function cropAroundFace(source: Buffer, face: FaceBox, ratio: number, options: { frame?: number } = {}): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(source).metadata();
  const faceArea = face.width * width * face.height * height;
  const side = Math.min(Math.round(Math.sqrt(faceArea / ratio)), width, height);
  const centreX = (face.x + face.width / 2) * width;
  const centreY = (face.y + face.height / 2) * height;
  const left = Math.round(Math.min(Math.max(centreX - side / 2, 0), width - side));
  const top = Math.round(Math.min(Math.max(centreY - side / 2, 0), height - side));
  let picture = sharp(source).extract({ left, top, width: side, height: side });
  if (options.frame) {
    const border = Math.round((side * (Math.sqrt(options.frame) - 1)) / 2);
    picture = sharp(await picture.keepExif().jpeg({ quality: 92 }).toBuffer()).extend({
      top: border,
      bottom: border,
      left: border,
      right: border,
      background: '#c8c8c8',
    });
  }
  return picture.keepExif().jpeg({ quality: 92 }).toBuffer();
}

/** True when an EXIF block (as sharp's metadata().exif gives it) holds a GPS IFD pointer (tag 0x8825). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}
