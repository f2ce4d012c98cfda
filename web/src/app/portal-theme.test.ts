import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PORTAL_COLORS, PORTAL_THEME } from './portal-theme';

/** The hue (0–360°) of a #rrggbb colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const spread = max - Math.min(r, g, b);
  if (spread === 0) return 0;
  const sector = max === r ? ((g - b) / spread) % 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
  return (sector * 60 + 360) % 360;
}
const isRed = (hex: string) => hue(hex) < 20 || hue(hex) > 340;

const styles = readFileSync(join(import.meta.dirname, '..', 'styles.css'), 'utf8');

/** A custom property of styles.css's :root. */
function variable(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(styles)?.[1]?.trim();
}

describe('red is for errors only', () => {
  it("the theme's primary, info and link colours are no red; the error colour is", () => {
    const { colorPrimary, colorInfo, colorLink, colorError } = PORTAL_THEME.token;
    for (const neutral of [colorPrimary, colorInfo, colorLink]) {
      expect(neutral).not.toBe(colorError);
      expect(isRed(neutral)).toBe(false);
    }
    expect(isRed(colorError)).toBe(true);
  });

  it('the screens built without antd use the same colours, and their info notice is no error', () => {
    expect(variable('portal-primary')).toBe(PORTAL_COLORS.primary);
    expect(variable('portal-link')).toBe(PORTAL_COLORS.primary);
    expect(variable('portal-info')).toBe(PORTAL_THEME.token.colorInfo);
    expect(variable('portal-error')).toBe(PORTAL_COLORS.error);
    const rule = (selector: string) => new RegExp(`\\${selector} \\{([^}]*)\\}`).exec(styles)?.[1] ?? '';
    expect(rule('.plain-alert-info')).not.toBe(rule('.plain-alert-error'));
    expect(rule('.plain-status-info')).not.toContain('error');
  });
});
