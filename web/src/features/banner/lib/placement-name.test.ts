import { describe, expect, it } from 'vitest';
import { placementNameOf } from './placement-name';

describe("a banner's placement name", () => {
  const row = { placement: { id: 'p1', nameZh: '首页横幅', nameEn: 'Home page banner', width: 1200, height: 300 } } as Parameters<typeof placementNameOf>[0];

  it('is the Chinese name in Chinese and the English one otherwise', () => {
    expect(placementNameOf(row, 'zh-CN')).toBe('首页横幅');
    expect(placementNameOf(row, 'en-US')).toBe('Home page banner');
  });
});
