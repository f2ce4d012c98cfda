import { describe, expect, it } from 'vitest';
import { PHOTO_MIN_BYTES, PHOTO_PROFILES } from '@portal/shared/media/photo-rules';
import { encodeWithinLimits, outputSize } from './crop-image';

const blobOf = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });

describe('outputSize', () => {
  it('keeps the crop pixels, at most 1600 on the longer side', () => {
    expect(outputSize({ x: 0, y: 0, width: 300.4, height: 400.2 })).toEqual({ width: 300, height: 400 });
    expect(outputSize({ x: 0, y: 0, width: 2400, height: 3200 })).toEqual({ width: 1200, height: 1600 });
  });
});

describe('encodeWithinLimits', () => {
  it('takes the first JPEG quality inside the limits', async () => {
    const sizes: Record<string, number> = { '0.92': 6 * 1024 * 1024, '0.85': 4 * 1024 * 1024 };
    const blob = await encodeWithinLimits(async (type, quality) => blobOf(sizes[String(quality)] ?? 100, type), 'audience');
    expect(blob?.size).toBe(4 * 1024 * 1024);
  });

  it('falls back to PNG when a smooth crop stays under 20 KB as JPEG', async () => {
    const blob = await encodeWithinLimits(async (type) => blobOf(type === 'image/png' ? 90 * 1024 : PHOTO_MIN_BYTES - 10, type), 'audience');
    expect(blob?.type).toBe('image/png');
  });

  it('gives up when nothing fits', async () => {
    await expect(encodeWithinLimits(async (type) => blobOf(PHOTO_PROFILES.catalog.maxBytes + 1, type), 'catalog')).resolves.toBeUndefined();
  });
});
