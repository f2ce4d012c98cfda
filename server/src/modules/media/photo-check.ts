/**
 * Photo checking (SPEC 5, DESIGN §3 "images"): never trust the browser.
 *
 *   checkPhoto(input: Buffer, profile: PhotoProfile = 'general'): Promise<CleanPhoto>
 *   sniffPhotoType(input: Buffer): PhotoContentType | null
 *
 * Order of the checks, each failure an AppError with a stable code:
 *   type by magic bytes (jpeg/png)          → PHOTO_TYPE_NOT_ALLOWED
 *   size ≥ 20 KB                            → PHOTO_TOO_SMALL_BYTES
 *   size ≤ the profile's maximum            → PHOTO_TOO_LARGE_BYTES {megabytes}
 *   header readable                         → PHOTO_READ_ERROR
 *   pixels ≤ 24 MP (decompression bombs)    → PHOTO_RESOLUTION_TOO_HIGH {megapixels}
 *   both sides ≥ 200 px after EXIF rotation → PHOTO_RESOLUTION_TOO_LOW
 *   whole picture decodes                   → PHOTO_READ_ERROR
 * The result is re-encoded as a baseline sRGB JPEG of at most PHOTO_STORED_MAX_SIDE pixels a side,
 * oriented by its EXIF and without any metadata (no EXIF, GPS, XMP, IPTC or ICC profile);
 * transparency is flattened onto white.
 *
 * Memory: the header is read first (nothing decoded); the decode streams (sequential read) and a
 * JPEG is shrunk while it loads; at most PHOTO_DECODE_SLOTS pictures decode at once, the others wait.
 */
import sharp, { type Metadata } from 'sharp';
import {
  PHOTO_JPEG_QUALITY,
  PHOTO_MAX_PIXELS,
  PHOTO_MIN_BYTES,
  PHOTO_MIN_SIDE,
  PHOTO_PROFILES,
  PHOTO_STORED_MAX_SIDE,
  maxMegabytes,
  type PhotoContentType,
  type PhotoProfile,
} from '@portal/shared/media/photo-rules';
import { AppError } from '../../lib/app-error';
import { Semaphore } from '../../lib/semaphore';

export interface CleanPhoto {
  /** The re-encoded JPEG, free of metadata. */
  buffer: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  /** What the upload was, by content. */
  sourceType: PhotoContentType;
}

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type by its first bytes; the file name and the browser's claimed type are ignored. */
export function sniffPhotoType(input: Buffer): PhotoContentType | null {
  if (input.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (input.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  return null;
}

const SHARP_OPTIONS = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning', sequentialRead: true } as const;
/**
 * Pictures decoded at once, per process. libvips already uses every core for one picture, so more
 * in parallel buys no speed, only memory (a 24 MP 16-bit PNG is up to 200 MB of pixels in flight).
 */
export const PHOTO_DECODE_SLOTS = 2;
const decodeSlots = new Semaphore(PHOTO_DECODE_SLOTS);

export async function checkPhoto(input: Buffer, profile: PhotoProfile = 'general'): Promise<CleanPhoto> {
  const sourceType = sniffPhotoType(input);
  if (!sourceType) throw new AppError('PHOTO_TYPE_NOT_ALLOWED');
  if (input.length < PHOTO_MIN_BYTES) throw new AppError('PHOTO_TOO_SMALL_BYTES');
  if (input.length > PHOTO_PROFILES[profile].maxBytes) throw new AppError('PHOTO_TOO_LARGE_BYTES', { megabytes: maxMegabytes(profile) });

  let metadata: Metadata;
  try {
    // The header only: pixels are counted before anything is decoded.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('PHOTO_READ_ERROR');
  }
  const { width, height } = metadata;
  if (!width || !height) throw new AppError('PHOTO_READ_ERROR');
  if (width * height > PHOTO_MAX_PIXELS) throw new AppError('PHOTO_RESOLUTION_TOO_HIGH', { megapixels: PHOTO_MAX_PIXELS / 1_000_000 });
  if (Math.min(width, height) < PHOTO_MIN_SIDE) throw new AppError('PHOTO_RESOLUTION_TOO_LOW');

  return decodeSlots.run(async () => {
    try {
      // rotate() with no angle applies the EXIF orientation; the output keeps no metadata unless
      // asked (withMetadata/keepExif/keepIccProfile), and is converted to sRGB.
      const { data, info } = await sharp(input, SHARP_OPTIONS)
        .rotate()
        .resize({ width: PHOTO_STORED_MAX_SIDE, height: PHOTO_STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: PHOTO_JPEG_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { buffer: data, contentType: 'image/jpeg' as const, width: info.width, height: info.height, sourceType };
    } catch {
      throw new AppError('PHOTO_READ_ERROR');
    }
  });
}
