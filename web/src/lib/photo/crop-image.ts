/**
 * Turns the visitor's crop into the picture that is uploaded: the cropped area of the EXIF-oriented
 * picture, at most OUTPUT_MAX_SIDE on its longer side, encoded so that it still meets the size rule
 * (at least 20 KB, at most the profile's limit): JPEG at decreasing quality, PNG when a small, smooth
 * crop would fall under 20 KB.
 */
import { PHOTO_MIN_BYTES, PHOTO_PROFILES, type PhotoProfile } from '@portal/shared/media/photo-rules';

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const OUTPUT_MAX_SIDE = 1600;
const JPEG_QUALITIES = [0.92, 0.85, 0.75, 0.6];

/** Output size of a crop: its own pixels, scaled down so the longer side is at most OUTPUT_MAX_SIDE. */
export function outputSize(area: CropArea, maxSide: number = OUTPUT_MAX_SIDE): { width: number; height: number } {
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Encode = (type: string, quality?: number) => Promise<Blob | null>;

/** Picks the first encoding inside the size rule; undefined when none is. */
export async function encodeWithinLimits(encode: Encode, profile: PhotoProfile): Promise<Blob | undefined> {
  const max = PHOTO_PROFILES[profile].maxBytes;
  for (const quality of JPEG_QUALITIES) {
    const blob = await encode('image/jpeg', quality);
    if (!blob) return undefined;
    if (blob.size < PHOTO_MIN_BYTES) break; // lower quality only shrinks it further
    if (blob.size <= max) return blob;
  }
  for (const [type, quality] of [['image/jpeg', 1], ['image/png', undefined]] as const) {
    const blob = await encode(type, quality);
    if (blob && blob.size >= PHOTO_MIN_BYTES && blob.size <= max) return blob;
  }
  return undefined;
}

export async function cropPicture(picture: Blob, area: CropArea, profile: PhotoProfile, maxSide: number = OUTPUT_MAX_SIDE): Promise<Blob | undefined> {
  const bitmap = await createImageBitmap(picture, { imageOrientation: 'from-image' });
  try {
    const size = outputSize(area, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
    return await encodeWithinLimits((type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)), profile);
  } finally {
    bitmap.close();
  }
}
