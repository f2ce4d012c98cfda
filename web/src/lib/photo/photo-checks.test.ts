import { describe, expect, it } from 'vitest';
import { PHOTO_MIN_BYTES, PHOTO_PROFILES } from '@portal/shared/media/photo-rules';
import { checkPhotoFile, checkPhotoPixels, checkPhotoSize, readPhotoDimensions, sniffPhotoType } from './photo-checks';

function png(width: number, height: number, size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** SOI, an APP1 (EXIF) segment, a DQT, then SOF (baseline or progressive) with the size, then padding. */
function jpeg(width: number, height: number, { size = 64, frameMarker = 0xc0, app1Length = 40 } = {}): Uint8Array {
  const parts = [0xff, 0xd8, 0xff, 0xe1, app1Length >> 8, app1Length & 0xff, ...new Array<number>(app1Length - 2).fill(0x45), 0xff, 0xdb, 0, 4, 0, 0];
  parts.push(0xff, frameMarker, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3);
  const bytes = new Uint8Array(Math.max(size, parts.length));
  bytes.set(parts);
  return bytes;
}

describe('sniffPhotoType (by content, never by name)', () => {
  it('recognises JPEG and PNG by their magic bytes', () => {
    expect(sniffPhotoType(jpeg(10, 10))).toBe('image/jpeg');
    expect(sniffPhotoType(png(10, 10))).toBe('image/png');
  });

  it('refuses GIF, WebP, HEIC, text and truncated headers', () => {
    expect(sniffPhotoType(new TextEncoder().encode('GIF89a......'))).toBeUndefined();
    expect(sniffPhotoType(new TextEncoder().encode('RIFF....WEBPVP8 '))).toBeUndefined();
    expect(sniffPhotoType(new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]))).toBeUndefined();
    expect(sniffPhotoType(new TextEncoder().encode('hello.jpg is not a picture'))).toBeUndefined();
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
    expect(sniffPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });
});

describe('readPhotoDimensions', () => {
  it('reads the PNG IHDR', () => {
    expect(readPhotoDimensions(png(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
  });

  it('skips JPEG segments up to the frame header, baseline or progressive', () => {
    expect(readPhotoDimensions(jpeg(1024, 768), 'image/jpeg')).toEqual({ width: 1024, height: 768 });
    expect(readPhotoDimensions(jpeg(300, 4000, { frameMarker: 0xc2, app1Length: 2000 }), 'image/jpeg')).toEqual({ width: 300, height: 4000 });
  });

  it('gives up on a JPEG without a frame header before the scan', () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0]);
    expect(readPhotoDimensions(bytes, 'image/jpeg')).toBeUndefined();
    expect(readPhotoDimensions(new Uint8Array(10).fill(0), 'image/png')).toBeUndefined();
  });
});

describe('size and pixel rules (SPEC 5/9)', () => {
  it('needs at least 20 KB and at most the profile limit', () => {
    expect(checkPhotoSize(PHOTO_MIN_BYTES - 1, 'audience')).toEqual({ code: 'PHOTO_TOO_SMALL_BYTES' });
    expect(checkPhotoSize(PHOTO_MIN_BYTES, 'audience')).toBeUndefined();
    expect(checkPhotoSize(PHOTO_PROFILES.audience.maxBytes, 'audience')).toBeUndefined();
    expect(checkPhotoSize(PHOTO_PROFILES.audience.maxBytes + 1, 'audience')).toEqual({ code: 'PHOTO_TOO_LARGE_BYTES', params: { megabytes: 5 } });
    expect(checkPhotoSize(6 * 1024 * 1024, 'general')).toBeUndefined();
    expect(checkPhotoSize(3 * 1024 * 1024, 'catalog')).toEqual({ code: 'PHOTO_TOO_LARGE_BYTES', params: { megabytes: 2 } });
  });

  it('needs both sides at least 200 pixels and at most 24 megapixels', () => {
    expect(checkPhotoPixels(200, 200)).toBeUndefined();
    expect(checkPhotoPixels(199, 800)).toEqual({ code: 'PHOTO_RESOLUTION_TOO_LOW' });
    expect(checkPhotoPixels(800, 199)).toEqual({ code: 'PHOTO_RESOLUTION_TOO_LOW' });
    expect(checkPhotoPixels(10_000, 5_001)).toEqual({ code: 'PHOTO_RESOLUTION_TOO_HIGH', params: { megapixels: 24 } });
  });
});

describe('checkPhotoFile', () => {
  const blob = (bytes: Uint8Array, name = 'photo.jpg') => new File([bytes as BlobPart], name, { type: 'image/jpeg' });

  it('passes a JPEG of the right size and pixels, whatever its name', async () => {
    await expect(checkPhotoFile(blob(jpeg(600, 800, { size: 30 * 1024 }), 'IMG_0001.HEIC'), 'audience')).resolves.toEqual({ ok: true, type: 'image/jpeg', width: 600, height: 800 });
  });

  it('refuses by content before size, and size before pixels', async () => {
    await expect(checkPhotoFile(blob(new TextEncoder().encode('x'.repeat(30 * 1024)), 'fake.jpg'), 'audience')).resolves.toEqual({ ok: false, problem: { code: 'PHOTO_TYPE_NOT_ALLOWED' } });
    await expect(checkPhotoFile(blob(jpeg(100, 100, { size: 1024 })), 'audience')).resolves.toEqual({ ok: false, problem: { code: 'PHOTO_TOO_SMALL_BYTES' } });
    await expect(checkPhotoFile(blob(png(150, 900, 25 * 1024), 'a.png'), 'audience')).resolves.toEqual({ ok: false, problem: { code: 'PHOTO_RESOLUTION_TOO_LOW' } });
  });

  it('says the picture cannot be read when its header is broken', async () => {
    const broken = new Uint8Array(25 * 1024);
    broken.set([0xff, 0xd8, 0xff, 0x00]);
    await expect(checkPhotoFile(blob(broken), 'audience')).resolves.toEqual({ ok: false, problem: { code: 'PHOTO_READ_ERROR' } });
  });
});
