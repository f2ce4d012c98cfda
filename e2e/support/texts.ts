import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@portal/shared/i18n/locales';
import { repoRoot } from './server-process';

const cache = new Map<string, unknown>();
/** The catalogues the server reads too live in shared/locales. */
const SHARED_NAMESPACES = new Set(['errors', 'exports', 'messages', 'audit']);

function load(locale: Locale, namespace: string): unknown {
  const key = `${locale}/${namespace}`;
  if (!cache.has(key)) {
    const file =
      SHARED_NAMESPACES.has(namespace)
        ? join(repoRoot, 'shared', 'locales', locale, `${namespace}.json`)
        : join(repoRoot, 'web', 'src', 'locales', locale, `${namespace}.json`);
    cache.set(key, JSON.parse(readFileSync(file, 'utf8')) as unknown);
  }
  return cache.get(key);
}

/**
 * The text the UI shows for `namespace:dotted.key` in `locale`, read from the app's own locale files,
 * so that a journey checks what a user reads without copying the copy. Throws when the key is missing.
 */
export function uiText(locale: Locale, key: string): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = load(locale, namespace);
  for (const part of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`no text ${locale} ${namespace}:${path} in the locale files`);
  return node;
}

/** Visible text compared without whitespace (antd puts a space between two CJK characters in buttons). */
export const squash = (text: string) => text.replace(/\s+/g, '');
