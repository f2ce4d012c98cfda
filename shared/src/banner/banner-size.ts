import { PHOTO_STORED_MAX_SIDE } from '../media/photo-rules';

/**
 * A placement's picture rule (docs/decisions/0416-banner-placements-have-a-size.md): the picture has the
 * placement's shape — width to height within BANNER_SIZE_TOLERANCE of the placement's — and is at least its
 * size, less the same tolerance. Stored pictures are at most PHOTO_STORED_MAX_SIDE on their longer side, so a
 * placement larger than that (a hall banner of 6000×1500) asks for its shape at the largest stored size.
 */
export const BANNER_SIZE_TOLERANCE = 0.05;
/** Placement sizes an organizer may set, in pixels. */
export const PLACEMENT_SIDE_MIN = 100;
export const PLACEMENT_SIDE_MAX = 20_000;

export interface PixelSize {
  width: number;
  height: number;
}

/** The placement's size as printed for the exhibitor: "1920×600 px". */
export function formatPlacementSize(size: PixelSize): string {
  return `${size.width}×${size.height} px`;
}

/** The smallest picture a placement takes: its size (scaled to what is stored), less the tolerance. */
export function minimumBannerPicture(placement: PixelSize): PixelSize {
  const stored = Math.min(1, PHOTO_STORED_MAX_SIDE / Math.max(placement.width, placement.height));
  const least = (side: number) => Math.floor(side * stored * (1 - BANNER_SIZE_TOLERANCE));
  return { width: least(placement.width), height: least(placement.height) };
}

/** Whether a picture of `picture` pixels fits the placement's rule. */
export function bannerPictureFits(picture: PixelSize, placement: PixelSize): boolean {
  const shape = picture.width / picture.height / (placement.width / placement.height);
  if (Math.abs(shape - 1) > BANNER_SIZE_TOLERANCE) return false;
  const least = minimumBannerPicture(placement);
  return picture.width >= least.width && picture.height >= least.height;
}
