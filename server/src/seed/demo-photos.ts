import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { newFileKey, type FileStore } from '../modules/media/file-store';
import type { FaceService } from '../modules/face/face.service';

const require = createRequire(import.meta.url);

/**
 * The best face of each sample photo that @vladmandic/face-api ships in demo/ (found once with
 * FaceService; relative boxes). Hard-coded so that the seed needs no face check at start-up.
 */
const SAMPLE_FACES = [
  { sample: 1, x: 0.4037, y: 0.3433, width: 0.164, height: 0.2026 },
  { sample: 2, x: 0.7312, y: 0.131, width: 0.1409, height: 0.1849 },
  { sample: 3, x: 0.5188, y: 0.1831, width: 0.1722, height: 0.212 },
  { sample: 4, x: 0.3243, y: 0.067, width: 0.1338, height: 0.1627 },
  { sample: 5, x: 0.1654, y: 0.6414, width: 0.1613, height: 0.2195 },
  { sample: 6, x: 0.7483, y: 0.2055, width: 0.1509, height: 0.1834 },
] as const;

export interface DemoPicture {
  key: string;
  width: number;
  height: number;
  bytes: number;
  /** As the upload check measured it, with the descriptor the face-match score is computed from. */
  faceRatio: number;
  faceDescriptor: number[];
}

/** A square crop in which the face covers about `ratio` of the picture, re-encoded without metadata. */
async function cropFace(source: Buffer, meta: { width: number; height: number }, face: (typeof SAMPLE_FACES)[number], ratio: number, side: number) {
  const faceArea = face.width * meta.width * face.height * meta.height;
  const crop = Math.min(Math.round(Math.sqrt(faceArea / ratio)), meta.width, meta.height);
  const centreX = (face.x + face.width / 2) * meta.width;
  const centreY = (face.y + face.height / 2) * meta.height;
  const left = Math.round(Math.min(Math.max(centreX - crop / 2, 0), meta.width - crop));
  const top = Math.round(Math.min(Math.max(centreY - crop / 2, 0), meta.height - crop));
  let picture = sharp(source).extract({ left, top, width: crop, height: crop }).resize(side, side);
  // The ID photo looks like a scan: paler, on a lighter ground.
  if (side < 480) picture = picture.modulate({ saturation: 0.55, brightness: 1.08 });
  return picture.jpeg({ quality: 84, mozjpeg: false }).toBuffer();
}

/**
 * Six made-up visitors' entry-card and ID photos (12 files), cropped from the face-api demo photos and
 * written straight to the file store, each measured by the upload's face check once (about 3 s with the
 * model's start) so that every seeded application shows the face-match score an upload would have; the
 * seed reuses them across applications instead of running the check 120 times (MediaService.storePhoto).
 */
export async function storeDemoPictures(files: FileStore, faces: FaceService): Promise<Array<{ entry: DemoPicture; id: DemoPicture }>> {
  const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  return Promise.all(
    SAMPLE_FACES.map(async (face) => {
      const source = await readFile(join(demoDir, `sample${face.sample}.jpg`));
      const { width = 0, height = 0 } = await sharp(source).metadata();
      const store = async (ratio: number, side: number): Promise<DemoPicture> => {
        const body = await cropFace(source, { width, height }, face, ratio, side);
        const key = newFileKey('photo');
        const [measured] = await Promise.all([faces.check(body, { descriptor: true }), files.put(key, body, 'image/jpeg')]);
        return { key, width: side, height: side, bytes: body.length, faceRatio: measured.ratio ?? 0, faceDescriptor: Array.from(measured.descriptor ?? []) };
      };
      // Targets above the check's 15 % floor: the detector's box is smaller than the hard-coded one above.
      return { entry: await store(0.35, 480), id: await store(0.3, 400) };
    }),
  );
}
