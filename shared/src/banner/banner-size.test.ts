import { describe, expect, it } from 'vitest';
import { bannerPictureFits, formatPlacementSize, minimumBannerPicture } from './banner-size';

const carousel = { width: 1920, height: 600 };

describe("a banner placement's picture rule", () => {
  it('takes a picture of the placement size, or within the tolerance of its shape and size', () => {
    expect(bannerPictureFits({ width: 1920, height: 600 }, carousel)).toBe(true);
    expect(bannerPictureFits({ width: 1830, height: 580 }, carousel)).toBe(true);
    expect(bannerPictureFits({ width: 2048, height: 640 }, carousel)).toBe(true);
  });

  it('refuses another shape, or a picture smaller than the placement', () => {
    expect(bannerPictureFits({ width: 1200, height: 200 }, carousel)).toBe(false);
    expect(bannerPictureFits({ width: 1920, height: 1080 }, carousel)).toBe(false);
    expect(bannerPictureFits({ width: 960, height: 300 }, carousel)).toBe(false);
  });

  it('a placement larger than a stored picture asks for its shape at the stored size', () => {
    const hall = { width: 6000, height: 1500 };
    expect(minimumBannerPicture(hall)).toEqual({ width: 1945, height: 486 });
    expect(bannerPictureFits({ width: 2048, height: 512 }, hall)).toBe(true);
    expect(bannerPictureFits({ width: 1200, height: 300 }, hall)).toBe(false);
  });

  it('prints the size as the exhibitor reads it', () => {
    expect(formatPlacementSize(carousel)).toBe('1920×600 px');
  });
});
