import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FALLBACK_LOCALE, type Locale } from '@portal/shared/i18n/locales';

const require = createRequire(import.meta.url);

/** Server-side messages come from the same locale files the web app uses (shared/locales). */
const catalogues = new Map<string, Record<string, string>>();

function catalogue(locale: Locale, namespace: string): Record<string, string> {
  const key = `${locale}/${namespace}`;
  let messages = catalogues.get(key);
  if (!messages) {
    const path = require.resolve(`@portal/shared/locales/${locale}/${namespace}.json`);
    messages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    catalogues.set(key, messages);
  }
  return messages;
}

/** `translate('zh-CN', 'AUTH_WRONG_PASSWORD')`; `{{name}}` placeholders are filled from params. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}, namespace = 'errors'): string {
  const template = catalogue(locale, namespace)[key] ?? catalogue(FALLBACK_LOCALE, namespace)[key] ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

