/**
 * SPEC 9 language choice: the `lang` query value wins (and is saved), then the `_lang_` cookie,
 * then the browser language, then en-US. The cookie lasts 30 days, path /, SameSite Lax.
 */
import {
  FALLBACK_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_QUERY_PARAM,
  matchLocale,
  type Locale,
} from '@portal/shared/i18n/locales';

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return undefined;
}

export interface LocaleSources {
  search: string;
  cookie: string;
  navigatorLanguages: readonly string[];
}

/** The locale to use and whether it must be written to the cookie (a `lang` query value is saved). */
export function detectLocale(sources: LocaleSources): { locale: Locale; persist: boolean } {
  const fromQuery = matchLocale(new URLSearchParams(sources.search).get(LOCALE_QUERY_PARAM));
  if (fromQuery) return { locale: fromQuery, persist: true };
  const fromCookie = matchLocale(readCookie(sources.cookie, LOCALE_COOKIE));
  if (fromCookie) return { locale: fromCookie, persist: false };
  for (const language of sources.navigatorLanguages) {
    const fromNavigator = matchLocale(language);
    if (fromNavigator) return { locale: fromNavigator, persist: false };
  }
  return { locale: FALLBACK_LOCALE, persist: false };
}

export function localeCookie(locale: Locale, secure = false): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:');
}
