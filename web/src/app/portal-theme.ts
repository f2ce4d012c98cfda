/**
 * antd's tokens as the portal sets them; styles.css repeats them as --portal-* variables for the screens built
 * without antd (a test holds both to the same values). Red is for errors and danger only: the brand crimson
 * marks a failure, a refusal, a destructive action; everything neutral — primary buttons, links, focus, notices —
 * is blue, and info, success and warning keep antd's semantic colours (docs/decisions/0912-red-for-errors-only.md).
 * Link, secondary text and error colours are dark enough for WCAG AA contrast on white (axe runs on every page).
 */
export const PORTAL_COLORS = {
  primary: '#0958d9',
  /** antd would derive a lighter hover (#2e7ae6, 4.2:1 under white text): a hovered button keeps 4.5:1. */
  primaryHover: '#1668dc',
  primaryActive: '#003eb3',
  error: '#c8102e',
} as const;

export const PORTAL_THEME = {
  token: {
    colorPrimary: PORTAL_COLORS.primary,
    colorPrimaryHover: PORTAL_COLORS.primaryHover,
    colorPrimaryActive: PORTAL_COLORS.primaryActive,
    colorInfo: PORTAL_COLORS.primary,
    colorLink: PORTAL_COLORS.primary,
    colorLinkHover: PORTAL_COLORS.primaryHover,
    colorLinkActive: PORTAL_COLORS.primaryActive,
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders and error texts at 4.5:1 on white (antd's defaults are 1.8:1 and 3.3:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: PORTAL_COLORS.error,
    fontFamily: 'var(--portal-font)',
  },
};
