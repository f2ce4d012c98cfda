/**
 * The browser's instant photo checks (SPEC 5/9), the same numbers as the server's
 * (shared/src/media/photo-rules.ts): type by content (magic bytes, never the file name), size, pixels.
 * The server checks again; these only spare the visitor a useless upload.
 */
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import { PHOTO_MAX_PIXELS, PHOTO_MIN_BYTES, PHOTO_MIN_SIDE, PHOTO_PROFILES, maxMegabytes, type PhotoContentType, type PhotoProfile } from '@portal/shared/media/photo-rules';

export interface PhotoProblem {
  code: ErrorCode;
  params?: Record<string, number>;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG starts FF D8 FF, PNG with its 8-byte signature; anything else (GIF, WebP, HEIC, a renamed file) is refused. */
export function sniffPhotoType(bytes: Uint8Array): PhotoContentType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((value, index) => bytes[index] === value)) return 'image/png';
  return undefined;
}

/** Width and height from the PNG IHDR chunk or the JPEG start-of-frame segment, without decoding the picture. */
export function readPhotoDimensions(bytes: Uint8Array, type: PhotoContentType): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/png') {
    // signature (8), chunk length (4), "IHDR" (4), width (4), height (4)
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, or scan data before any frame header
    const length = view.getUint16(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** Size rule: at least 20 KB, at most the profile's limit (5 MB for the audience form). */
export function checkPhotoSize(bytes: number, profile: PhotoProfile): PhotoProblem | undefined {
  if (bytes < PHOTO_MIN_BYTES) return { code: 'PHOTO_TOO_SMALL_BYTES' };
  if (bytes > PHOTO_PROFILES[profile].maxBytes) return { code: 'PHOTO_TOO_LARGE_BYTES', params: { megabytes: maxMegabytes(profile) } };
  return undefined;
}

/** Pixel rule: both sides at least 200 (rotation does not change that), at most PHOTO_MAX_PIXELS (24 megapixels). */
export function checkPhotoPixels(width: number, height: number): PhotoProblem | undefined {
  if (width < PHOTO_MIN_SIDE || height < PHOTO_MIN_SIDE) return { code: 'PHOTO_RESOLUTION_TOO_LOW' };
  if (width * height > PHOTO_MAX_PIXELS) return { code: 'PHOTO_RESOLUTION_TOO_HIGH', params: { megapixels: PHOTO_MAX_PIXELS / 1_000_000 } };
  return undefined;
}

export type PhotoCheck = { ok: true; type: PhotoContentType; width: number; height: number } | { ok: false; problem: PhotoProblem };

/** Every instant check of a picked file, in the server's order: type, size, pixels. */
export async function checkPhotoFile(file: Blob, profile: PhotoProfile): Promise<PhotoCheck> {
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  } catch {
    return { ok: false, problem: { code: 'PHOTO_READ_ERROR' } };
  }
  const type = sniffPhotoType(head);
  if (!type) return { ok: false, problem: { code: 'PHOTO_TYPE_NOT_ALLOWED' } };
  const sizeProblem = checkPhotoSize(file.size, profile);
  if (sizeProblem) return { ok: false, problem: sizeProblem };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, problem: { code: 'PHOTO_READ_ERROR' } };
  }
  const dimensions = readPhotoDimensions(bytes, type);
  if (!dimensions) return { ok: false, problem: { code: 'PHOTO_READ_ERROR' } };
  const pixelProblem = checkPhotoPixels(dimensions.width, dimensions.height);
  if (pixelProblem) return { ok: false, problem: pixelProblem };
  return { ok: true, type, ...dimensions };
}
