/**
 * Photos for the visitor journeys, made at test time from the group photos that @vladmandic/face-api
 * ships in demo/ (the server checks faces for real, so a drawn face would not do). Each is a 3:4 crop
 * (the shape of the app's crop frame, so that the default crop keeps the whole picture) around one
 * person's face, sized so that the face box fills about 30 % of it (the rule is 15–45 %).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/**
 * The clearest face of each sample (relative boxes found with the server's FaceService; the same
 * numbers as server/src/seed/demo-photos.ts).
 */
export const SAMPLE_FACES = {
  1: { x: 0.4037, y: 0.3433, width: 0.164, height: 0.2026 },
  2: { x: 0.7312, y: 0.131, width: 0.1409, height: 0.1849 },
  3: { x: 0.5188, y: 0.1831, width: 0.1722, height: 0.212 },
  4: { x: 0.3243, y: 0.067, width: 0.1338, height: 0.1627 },
  5: { x: 0.1654, y: 0.6414, width: 0.1613, height: 0.2195 },
  6: { x: 0.7483, y: 0.2055, width: 0.1509, height: 0.1834 },
} as const;
export type Sample = keyof typeof SAMPLE_FACES;

/** Width / height of the app's crop frame (PhotoUpload's default, passport style). */
export const CROP_ASPECT = 3 / 4;

/**
 * A JPEG crop of sample `n`, `aspect` wide per high, around its clearest face so that the face box
 * covers about `ratio` of the picture; the crop is kept inside the photo (the face then sits off
 * centre near an edge) and encoded without metadata.
 */
export async function facePicture(n: Sample, ratio = 0.3, aspect = CROP_ASPECT): Promise<Buffer> {
  const source = sharp(join(demoDir, `sample${n}.jpg`));
  const { width = 0, height = 0 } = await source.metadata();
  const face = SAMPLE_FACES[n];
  const faceArea = face.width * width * face.height * height;
  // area = w * h = aspect * h²  →  h = sqrt(faceArea / ratio / aspect)
  let cropHeight = Math.round(Math.sqrt(faceArea / ratio / aspect));
  let cropWidth = Math.round(cropHeight * aspect);
  const fit = Math.min(1, width / cropWidth, height / cropHeight);
  cropWidth = Math.floor(cropWidth * fit);
  cropHeight = Math.floor(cropHeight * fit);
  const centreX = (face.x + face.width / 2) * width;
  const centreY = (face.y + face.height / 2) * height;
  const left = Math.round(Math.min(Math.max(centreX - cropWidth / 2, 0), width - cropWidth));
  const top = Math.round(Math.min(Math.max(centreY - cropHeight / 2, 0), height - cropHeight));
  return source.extract({ left, top, width: cropWidth, height: cropHeight }).jpeg({ quality: 92 }).toBuffer();
}

/** A fresh temporary folder for one run's pictures. */
export function picturesDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-photos-'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A faceless picture that passes the photo checks (noise: ≥ 20 KB, ≥ 200 px a side) in the crop frame's shape. */
export async function writeNoisePicture(path: string, width: number, height: number): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
  writeFileSync(path, await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer());
  return path;
}

/** Writes `facePicture(n)` as `<dir>/<name>.jpg` and returns the path (for setInputFiles). */
export async function writeFacePicture(dir: string, name: string, n: Sample, ratio = 0.3): Promise<string> {
  const path = join(dir, `${name}.jpg`);
  writeFileSync(path, await facePicture(n, ratio));
  return path;
}
