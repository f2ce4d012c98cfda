import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FaceService } from '../face/face.service';
import { cropAroundFace, demoSample, exifHasGps } from '../face/face-test-pictures';
import { LocalFileStore } from './file-store';
import { MediaService } from './media.service';

const dataDir = mkdtempSync(join(tmpdir(), 'media-'));
const files = new LocalFileStore(join(dataDir, 'files'));
const faces = new FaceService();
const media = new MediaService(files, faces);
afterAll(async () => {
  await faces.close();
  await rm(dataDir, { recursive: true, force: true });
});

// The clearest face of face-api's demo sample2 (relative box, as FaceService reports it).
const face = { x: 0.731, y: 0.131, width: 0.141, height: 0.185, score: 1 };

describe('MediaService', () => {
  it('stores a checked entry photo as a clean JPEG with its face, describes it later, and matches it', async () => {
    const upload = await cropAroundFace(demoSample(2), face, 0.3);
    expect(exifHasGps((await sharp(upload).metadata()).exif)).toBe(true);
    const stored = await media.storePhoto(upload, { profile: 'audience', face: true, kind: 'entry-photo' });
    expect(stored).toMatchObject({ contentType: 'image/jpeg' });
    expect(stored.key).toMatch(/^entry-photo\//);
    expect(stored.face?.score).toBeGreaterThan(0.5);
    // The descriptor computed later from the stored file and the check's detection is the one a fresh analysis gives.
    const later = await media.describeLater(stored);
    expect(later).toHaveLength(128);
    expect(later).toEqual(await media.describeStored(stored.key));
    const saved = await files.getBuffer(stored.key);
    expect(saved).not.toBeNull();
    expect((await sharp(saved!).metadata()).exif).toBeUndefined();

    const other = await media.storePhoto(await cropAroundFace(demoSample(2), face, 0.35), { profile: 'general', face: true, kind: 'id-photo' });
    const { score } = await media.faceMatch(stored.key, other.key);
    expect(score).toBeGreaterThan(0.5);
    expect(await media.faceMatch(stored.key, 'id-photo/missing.jpg')).toEqual({ score: null });
  });

  it('stores nothing when the face check fails', async () => {
    const before = readdirSync(dataDir, { recursive: true }).length;
    // Enlarged so that it passes the 20 KB minimum and fails on the face alone.
    const tight = await sharp(await cropAroundFace(demoSample(2), face, 0.8)).resize(640).jpeg({ quality: 95 }).toBuffer();
    await expect(media.storePhoto(tight, { profile: 'audience', face: true, kind: 'entry-photo' })).rejects.toMatchObject({ code: 'FACE_NOT_CLEAR' });
    expect(readdirSync(dataDir, { recursive: true }).length).toBe(before);
  });

  it('stores a catalog picture without a face check', async () => {
    const picture = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const stored = await media.storePhoto(picture, { profile: 'catalog', face: false, kind: 'catalog' });
    expect(stored).toMatchObject({ width: 500, height: 400 });
    expect(stored.face).toBeUndefined();
    expect(await media.describeLater(stored)).toBeNull();
    const opened = await media.openPhoto(stored.key);
    expect(opened?.contentType).toBe('image/jpeg');
    opened?.body.destroy();
    await media.deletePhoto(stored.key);
    expect(await media.openPhoto(stored.key)).toBeNull();
  });
});
