import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MIN_BYTES } from '@portal/shared/media/photo-rules';
import { cropAroundFace, demoSample, exifHasGps } from '../face/face-test-pictures';
import { checkPhoto, sniffPhotoType } from './photo-check';

/** Random pixels compress badly, so the byte size follows the pixel count. */
function noise(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
}

describe('checkPhoto', () => {
  it('accepts a JPEG and re-encodes it as a JPEG of the same size in pixels', async () => {
    const input = await noise(400, 300).jpeg({ quality: 90 }).toBuffer();
    const photo = await checkPhoto(input);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 400, height: 300, sourceType: 'image/jpeg' });
    expect(sniffPhotoType(photo.buffer)).toBe('image/jpeg');
  });

  it('recognises a PNG by its content whatever it is called, and stores it as a JPEG', async () => {
    const input = await noise(300, 300).png().toBuffer(); // would arrive as "photo.jpg"
    const photo = await checkPhoto(input);
    expect(photo.sourceType).toBe('image/png');
    expect((await sharp(photo.buffer).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['GIF', () => noise(300, 300).gif().toBuffer()],
    ['WebP', () => noise(300, 300).webp().toBuffer()],
    ['text', async () => Buffer.from('x'.repeat(PHOTO_MIN_BYTES * 2))],
  ])('refuses %s content', async (_name, make) => {
    await expect(checkPhoto(await make())).rejects.toMatchObject({ code: 'PHOTO_TYPE_NOT_ALLOWED' });
  });

  it('refuses a picture under 20 KB', async () => {
    const input = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    expect(input.length).toBeLessThan(PHOTO_MIN_BYTES);
    await expect(checkPhoto(input)).rejects.toMatchObject({ code: 'PHOTO_TOO_SMALL_BYTES' });
  });

  it('refuses a picture under 200*200 pixels', async () => {
    const input = await noise(150, 150).png().toBuffer();
    expect(input.length).toBeGreaterThan(PHOTO_MIN_BYTES);
    await expect(checkPhoto(input)).rejects.toMatchObject({ code: 'PHOTO_RESOLUTION_TOO_LOW' });
  });

  it('refuses a picture over the limit of its form: 2 MB catalog, 5 MB audience, 10 MB otherwise', async () => {
    const input = await noise(1100, 1100).png().toBuffer(); // ≈ 3.6 MB
    expect(input.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(input.length).toBeLessThan(5 * 1024 * 1024);
    await expect(checkPhoto(input, 'catalog')).rejects.toMatchObject({ code: 'PHOTO_TOO_LARGE_BYTES', params: { megabytes: 2 } });
    await expect(checkPhoto(input, 'audience')).resolves.toMatchObject({ width: 1100 });
    const bigger = await noise(1500, 1500).png().toBuffer(); // ≈ 6.7 MB
    await expect(checkPhoto(bigger, 'audience')).rejects.toMatchObject({ code: 'PHOTO_TOO_LARGE_BYTES', params: { megabytes: 5 } });
    await expect(checkPhoto(bigger, 'general')).resolves.toMatchObject({ width: 1500 });
  });

  it('gives the read error for a truncated JPEG and for garbage behind a JPEG signature', async () => {
    const whole = await noise(600, 600).jpeg().toBuffer();
    await expect(checkPhoto(whole.subarray(0, Math.floor(whole.length * 0.6)))).rejects.toMatchObject({ code: 'PHOTO_READ_ERROR' });
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(PHOTO_MIN_BYTES, 7)]);
    await expect(checkPhoto(garbage)).rejects.toMatchObject({ code: 'PHOTO_READ_ERROR' });
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const png = await noise(300, 300).png().toBuffer();
    // Rewrite the IHDR chunk (bytes 8..33) to claim 10000*10000 pixels, with a valid CRC.
    const ihdr = Buffer.from(png.subarray(12, 29));
    ihdr.writeUInt32BE(10_000, 4);
    ihdr.writeUInt32BE(10_000, 8);
    const bomb = Buffer.from(png);
    ihdr.copy(bomb, 12);
    bomb.writeUInt32BE(crc32(ihdr), 29);
    await expect(checkPhoto(bomb)).rejects.toMatchObject({ code: 'PHOTO_RESOLUTION_TOO_HIGH', params: { megapixels: 24 } });
  });

  it('refuses a 7000×7000 16-bit PNG from its header', async () => {
    const png = await noise(300, 300).png().toBuffer();
    const ihdr = Buffer.from(png.subarray(12, 29));
    ihdr.writeUInt32BE(7000, 4);
    ihdr.writeUInt32BE(7000, 8);
    ihdr.writeUInt8(16, 12);
    const bomb = Buffer.from(png);
    ihdr.copy(bomb, 12);
    bomb.writeUInt32BE(crc32(ihdr), 29);
    await expect(checkPhoto(bomb, 'general')).rejects.toMatchObject({ code: 'PHOTO_RESOLUTION_TOO_HIGH', params: { megapixels: 24 } });
  });

  it('stores a large picture scaled down to 2048 pixels on its longer side, and decodes a few at a time', async () => {
    const input = await noise(5000, 3000).jpeg({ quality: 25 }).toBuffer();
    const photos = await Promise.all(Array.from({ length: 4 }, () => checkPhoto(input, 'general')));
    for (const photo of photos) expect([photo.width, photo.height]).toEqual([2048, 1229]);
  });

  it('applies the EXIF orientation, then drops it', async () => {
    const input = await noise(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const photo = await checkPhoto(input);
    expect([photo.width, photo.height]).toEqual([300, 400]);
    expect((await sharp(photo.buffer).metadata()).orientation).toBeUndefined();
  });

  it('strips EXIF with its GPS block, and every other metadata, from a camera photo', async () => {
    // A face crop of a face-api demo sample, EXIF (camera, GPS) kept on purpose.
    const input = await cropAroundFace(demoSample(2), { x: 0.73, y: 0.13, width: 0.14, height: 0.18, score: 1 }, 0.3);
    const before = await sharp(input).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    const photo = await checkPhoto(input, 'audience');
    const after = await sharp(photo.buffer).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(photo.buffer.includes(Buffer.from('Exif\0'))).toBe(false);
    expect(photo.buffer.includes(Buffer.from('SONY'))).toBe(false);
  });
});
