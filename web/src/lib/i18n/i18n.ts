/**
 * react-i18next with lazily loaded locale files (SPEC 7/9): one dynamic import per language and
 * namespace; the `errors` and `audit` namespaces are the catalogues the server reads too, in @portal/shared/locales.
 * The detected language is loaded before the first render (see main.tsx, detectVisitLocale and startI18n).
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from '@portal/shared/i18n/locales';
import { detectLocale, writeLocaleCookie } from './locale';

export const NAMESPACES = ['common', 'auth', 'account', 'errors'] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Resource = Record<string, unknown>;
type Loader = () => Promise<{ default: Resource }>;

const webLoaders = import.meta.glob<{ default: Resource }>('../../locales/*/*.json');
const sharedLoaders: Record<string, Record<Locale, Loader>> = {
  errors: {
    'zh-CN': () => import('@portal/shared/locales/zh-CN/errors.json'),
    'en-US': () => import('@portal/shared/locales/en-US/errors.json'),
  },
  audit: {
    'zh-CN': () => import('@portal/shared/locales/zh-CN/audit.json'),
    'en-US': () => import('@portal/shared/locales/en-US/audit.json'),
  },
};

function loaderFor(language: string, namespace: string): Loader | undefined {
  if (!isLocale(language)) return undefined;
  return sharedLoaders[namespace]?.[language] ?? webLoaders[`../../locales/${language}/${namespace}.json`];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(new Error(`No locale file ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

export function currentLocale(): Locale {
  return isLocale(i18next.resolvedLanguage) ? i18next.resolvedLanguage : isLocale(i18next.language) ? i18next.language : FALLBACK_LOCALE;
}

function applyLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.title = i18next.t('common:appName');
  }
}

i18next.on('languageChanged', (language) => {
  if (isLocale(language)) applyLocale(language);
});

/** The language of this visit (SPEC 9: the `lang` query value, the `_lang_` cookie, the browser's); a query value is saved. */
export function detectVisitLocale(): Locale {
  const { locale, persist } = detectLocale({
    search: window.location.search,
    cookie: document.cookie,
    navigatorLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  if (persist) writeLocaleCookie(locale);
  return locale;
}

/**
 * Initialises i18next in `locale` with the start-up namespaces and `extraNamespaces` loaded: in the browser before
 * the first render (main.tsx), and at build time for each pre-rendered screen (src/prerender.tsx), which must have
 * loaded the same files as the browser that hydrates it.
 */
export async function startI18n(locale: Locale, extraNamespaces: readonly string[] = []): Promise<Locale> {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALES],
      fallbackLng: false,
      load: 'currentOnly',
      ns: [...NAMESPACES, ...extraNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
      // i18next ≥ 25.8 prints a sponsor notice to every visitor's console unless told not to.
      showSupportNotice: false,
    });
  applyLocale(locale);
  return locale;
}

/**
 * Loads namespaces of the language shown. A screen loads its own with its code: rendered before them, it renders
 * again in full when they arrive, a React update outside any transition that is not time-sliced (a long task).
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await i18next.loadNamespaces([...namespaces]);
}

/**
 * Shows a language without saving it: the exhibitor area's Simplified Chinese (SPEC 2) leaves the
 * visitor's saved `_lang_` choice for the other areas alone.
 */
export async function showLanguage(locale: Locale): Promise<void> {
  if (currentLocale() !== locale) await i18next.changeLanguage(locale);
}

/** The language chosen outside a forced area: the saved `_lang_` cookie, else the browser's, else en-US. */
export function preferredLocale(): Locale {
  return detectLocale({ search: '', cookie: document.cookie, navigatorLanguages: navigator.languages?.length ? navigator.languages : [navigator.language] }).locale;
}

/** Switches the language (loading its files first) and saves the choice in the `_lang_` cookie. */
export async function setLanguage(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  if (currentLocale() !== locale) await i18next.changeLanguage(locale);
}
