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

/** WCAG's contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const channel = (start: number) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

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

  it('white text on a primary button, and blue text on white, read at 4.5:1 at rest, hovered and pressed (axe)', () => {
    for (const color of [PORTAL_COLORS.primary, PORTAL_COLORS.primaryHover, PORTAL_COLORS.primaryActive, PORTAL_COLORS.error]) {
      expect(contrastOnWhite(color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the screens built without antd use the same colours, and their info notice is no error', () => {
    expect(variable('portal-primary')).toBe(PORTAL_COLORS.primary);
    expect(variable('portal-primary-hover')).toBe(PORTAL_COLORS.primaryHover);
    expect(variable('portal-primary-active')).toBe(PORTAL_COLORS.primaryActive);
    expect(variable('portal-link')).toBe(PORTAL_COLORS.primary);
    expect(variable('portal-info')).toBe(PORTAL_THEME.token.colorInfo);
    expect(variable('portal-error')).toBe(PORTAL_COLORS.error);
    const rule = (selector: string) => new RegExp(`\\${selector} \\{([^}]*)\\}`).exec(styles)?.[1] ?? '';
    expect(rule('.plain-alert-info')).not.toBe(rule('.plain-alert-error'));
    expect(rule('.plain-status-info')).not.toContain('error');
  });
});
