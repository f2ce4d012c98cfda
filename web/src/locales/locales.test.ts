import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/shared/i18n/locales';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, auditActionKey, auditSubjectKey } from '@portal/shared/audit/audit-log';

const here = import.meta.dirname;
const sharedLocales = join(here, '../../../shared/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort() : [];
}

const namespacesIn = (folder: string) => readdirSync(join(folder, 'en-US')).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, ''));
const namespaces = namespacesIn(here);
/** The catalogues the server reads too (errors, exports, messages, audit), in shared/locales. */
const sharedNamespaces = namespacesIn(sharedLocales);

function read(locale: string, namespace: string): Record<string, unknown> {
  const folder = sharedNamespaces.includes(namespace) ? sharedLocales : here;
  return JSON.parse(readFileSync(join(folder, locale, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
}

function lookup(resource: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), resource);
}

describe('locale files', () => {
  it('every language has the same namespaces', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(join(here, locale)).filter((file) => file.endsWith('.json')).sort()).toEqual(namespaces.map((namespace) => `${namespace}.json`).sort());
    }
  });

  it('the shared catalogues exist in every language', () => {
    for (const locale of LOCALES) expect(namespacesIn(sharedLocales).sort()).toEqual(readdirSync(join(sharedLocales, locale)).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, '')).sort());
  });

  it('every recorded audit action and subject has its label', () => {
    for (const locale of LOCALES) {
      const audit = read(locale, 'audit');
      for (const action of AUDIT_ACTIONS) expect(audit[auditActionKey(action)], `${locale}/audit:${action}`).toBeTypeOf('string');
      for (const subject of AUDIT_SUBJECT_TYPES) expect(audit[auditSubjectKey(subject)], `${locale}/audit:${subject}`).toBeTypeOf('string');
    }
  });

  it.each([...namespaces, ...sharedNamespaces])('namespace %s holds exactly the same keys and placeholders in every language', (namespace) => {
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

});
