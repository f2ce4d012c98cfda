import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Dates and times are written for people by `date-time.ts` only. This test keeps the
// other ways (the browser's locale, a second Intl formatter, a dayjs display pattern) out of the code.
const repo = join(import.meta.dirname, '../../../..');

/** Files allowed to hold a formatter, and why. */
const ALLOWED = new Set([
  'web/src/lib/format/date-time.ts', // the one module
  'shared/src/dates.ts', // YYYY-MM-DD of an instant in Shanghai: a value for rules, not text for people
  'server/src/lib/xlsx-stream.ts', // the spreadsheets' Beijing time cells (YYYY-MM-DD HH:mm:ss)
]);

const FORBIDDEN: Array<[RegExp, string]> = [
  [/\btoLocale(?:Date|Time)?String\s*\(/, 'toLocale…String() follows the browser, not the show'],
  [/\bIntl\s*\.\s*(?:DateTimeFormat|RelativeTimeFormat)\b/, 'a second Intl date formatter'],
  // dayjs and antd pickers: only the machine form YYYY-MM-DD (a value, or the picker's input) is allowed
  // (Lua's `string.format`, in the Redis scripts, is no date).
  [/(?<!\bstring)\.format\(\s*['"`](?!YYYY-MM-DD['"`])[^'"`]*['"`]/, 'a dayjs display pattern'],
  // A day cut to `MM-DD` (`'2026-11-26'.slice(5)`) is a third style of day: axes use `formatAxisDay`.
  [/\b(?:day|date)\w*\.(?:slice|substring)\(\s*5\b/i, 'a day cut to MM-DD'],
  [/\bformat=\{?\s*['"`](?!YYYY-MM-DD['"`])[^'"`]*['"`]/, "a picker's display pattern"],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'graphql' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|generated)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one date and time formatter', () => {
  it.each(['web/src', 'shared/src', 'server/src'])('no other date formatting in %s', (folder) => {
    const offenders: string[] = [];
    for (const file of sources(join(repo, folder))) {
      const name = relative(repo, file).split('\\').join('/');
      if (ALLOWED.has(name)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const [pattern, why] of FORBIDDEN) if (pattern.test(line)) offenders.push(`${name}:${index + 1} ${why}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
