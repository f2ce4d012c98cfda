/** SPEC 9: the two languages, the fallback and the cookie that keeps the choice. */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en-US';
export const EXHIBITOR_LOCALE: Locale = 'zh-CN';

export const LOCALE_COOKIE = '_lang_';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const LOCALE_QUERY_PARAM = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps loose values (`zh`, `zh_CN`, `en`, an Accept-Language header) onto a supported locale. */
export function matchLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().replace('_', '-').toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return undefined;
}
