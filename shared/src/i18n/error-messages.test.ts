import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../errors/error-codes';
import { LOCALES } from './locales';

const localesDir = join(import.meta.dirname, '../../locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('shared locale files', () => {
  it('hold a message for every error code in both languages', () => {
    for (const locale of LOCALES) {
      const messages = JSON.parse(readFileSync(join(localesDir, locale, 'errors.json'), 'utf8')) as Record<string, string>;
      expect(Object.keys(messages).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    }
  });

  it('hold the same keys in every namespace of both languages', () => {
    const namespaces = readdirSync(join(localesDir, 'en-US'));
    expect(readdirSync(join(localesDir, 'zh-CN')).sort()).toEqual(namespaces.sort());
    for (const file of namespaces) {
      const [en, zh] = LOCALES.map((locale) => keysOf(JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8'))).sort());
      expect(zh).toEqual(en);
    }
  });
});
