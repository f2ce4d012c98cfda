import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/shared/i18n/locales';

const here = import.meta.dirname;
const sharedLocales = join(here, '../../../shared/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort() : [];
}

function read(locale: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(here, locale, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

function lookup(resource: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), resource);
}

const namespaces = readdirSync(join(here, 'en-US')).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, ''));

describe('locale files', () => {
  it('every language has the same namespaces', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(join(here, locale)).filter((file) => file.endsWith('.json')).sort()).toEqual(namespaces.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it.each(namespaces)('namespace %s holds exactly the same keys and placeholders in every language', (namespace) => {
    const reference = read('en-US', namespace);
    const referenceKeys = keys(reference).sort();
    for (const locale of LOCALES) {
      const resource = read(locale, namespace);
      expect(keys(resource).sort(), `${locale}/${namespace}`).toEqual(referenceKeys);
      for (const key of referenceKeys) {
        expect(lookup(resource, key), `${locale}/${namespace}:${key}`).toBeTypeOf('string');
        expect((lookup(resource, key) as string).trim(), `${locale}/${namespace}:${key} is empty`).not.toBe('');
        expect(placeholders(lookup(resource, key)), `${locale}/${namespace}:${key}`).toEqual(placeholders(lookup(reference, key)));
      }
    }
  });

  it('the shared errors namespace exists in every language', () => {
    for (const locale of LOCALES) expect(Object.keys(JSON.parse(readFileSync(join(sharedLocales, locale, 'errors.json'), 'utf8')) as object).length).toBeGreaterThan(0);
  });
});
