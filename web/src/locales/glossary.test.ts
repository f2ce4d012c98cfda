import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@portal/shared/i18n/locales';

// One name per thing. docs/glossary.md holds the terms; this test holds every locale file to them.
const here = import.meta.dirname;
const repo = join(here, '../../..');
const SHARED_NAMESPACES = new Set(['errors', 'exports', 'messages', 'audit']);

type Tree = Record<string, unknown>;

function folder(namespace: string, locale: Locale) {
  return SHARED_NAMESPACES.has(namespace) ? join(repo, 'shared/locales', locale) : join(here, locale);
}

function read(locale: Locale, namespace: string): Tree {
  return JSON.parse(readFileSync(join(folder(namespace, locale), `${namespace}.json`), 'utf8')) as Tree;
}

function strings(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => strings(child, prefix ? `${prefix}.${key}` : key));
}

const namespaces = [
  ...readdirSync(join(here, 'en-US')).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, '')),
  ...SHARED_NAMESPACES,
];

/** Every string of a language: `namespace:path` → text. */
function allStrings(locale: Locale): Array<[string, string]> {
  return namespaces.flatMap((namespace) => strings(read(locale, namespace)).map(([path, text]): [string, string] => [`${namespace}:${path}`, text]));
}

interface Term {
  term: string;
  form: Record<Locale, string>;
  keys: string[];
  not: Record<Locale, string[]>;
}

const ticks = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

function glossary(): Term[] {
  const lines = readFileSync(join(repo, 'docs/glossary.md'), 'utf8').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| term |'));
  const terms: Term[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [term = '', zh = '', en = '', keys = '', notZh = '', notEn = ''] = line.slice(1, -1).split('|').map((cell) => cell.trim());
    terms.push({ term, form: { 'zh-CN': zh, 'en-US': en }, keys: ticks(keys), not: { 'zh-CN': ticks(notZh), 'en-US': ticks(notEn) } });
  }
  return terms;
}

function lookup(locale: Locale, key: string): unknown {
  const [namespace = '', path = ''] = key.split(':');
  return path.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Tree)[part] : undefined), read(locale, namespace));
}

/** A placeholder ({{name}}) is not text. */
const withoutPlaceholders = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');

describe('glossary (docs/glossary.md)', () => {
  const terms = glossary();

  it('lists the terms', () => {
    expect(terms.length).toBeGreaterThan(15);
    expect(terms.map((term) => term.term)).toContain('ID type `MAINLAND_ID`');
  });

  it.each(terms.map((term) => [term.term, term] as const))('%s: each listed key holds the glossary form', (_name, term) => {
    for (const locale of LOCALES) {
      for (const key of term.keys) expect(lookup(locale, key), `${locale} ${key}`).toBe(term.form[locale]);
    }
  });

  it.each(LOCALES)('%s: no locale file uses a form the glossary rules out', (locale) => {
    const offenders: string[] = [];
    for (const [key, text] of allStrings(locale)) {
      for (const term of terms) for (const variant of term.not[locale]) if (text.includes(variant)) offenders.push(`${key}: "${variant}" (say "${term.form[locale]}")`);
    }
    expect(offenders).toEqual([]);
  });

  it.each(LOCALES)('%s: every email and SMS names the show by the organizers\' name ({{show}}) and uses the review words', (locale) => {
    const templates = strings(read(locale, 'messages')).filter(([key]) => /(Subject|Email|Sms)$/.test(key));
    expect(templates.length).toBeGreaterThan(20);
    expect(templates.filter(([, text]) => !text.includes('{{show}}')).map(([key]) => key)).toEqual([]);
    // A refusal is worded as the pages word it (the REFUSE row above).
    const refused = locale === 'zh-CN' ? '未通过' : 'refused';
    const refusals = templates.filter(([key]) => /(Refused|Rejected)(Subject|Email|Sms)$/.test(key));
    expect(refusals.length).toBeGreaterThan(8);
    expect(refusals.filter(([, text]) => !text.includes(refused)).map(([key]) => key)).toEqual([]);
  });

  it('en-US: no full-width punctuation', () => {
    const offenders = allStrings('en-US').filter(([, text]) => /[：，。；（）！？、【】]/.test(text));
    expect(offenders).toEqual([]);
  });

  it('zh-CN: a space between Chinese and Latin letters or digits', () => {
    const offenders = allStrings('zh-CN').filter(([, text]) => /\p{Script=Han}[A-Za-z0-9]|[A-Za-z0-9]\p{Script=Han}/u.test(withoutPlaceholders(text)));
    expect(offenders).toEqual([]);
  });
});
