import { FALLBACK_LOCALE, LOCALE_COOKIE, LOCALE_QUERY_PARAM, isLocale, matchLocale, type Locale } from '@portal/shared/i18n/locales';

interface LocaleSource {
  cookies: Record<string, string | undefined>;
  query: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** The caller's language: `lang` query value, else the `_lang_` cookie, else Accept-Language, else en-US. */
export function localeOfRequest(request: LocaleSource): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[LOCALE_QUERY_PARAM];
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = request.cookies[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  const header = request.headers['accept-language'];
  return matchLocale(Array.isArray(header) ? header[0] : header) ?? FALLBACK_LOCALE;
}
