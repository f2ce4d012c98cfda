import { parseCalendarDate } from '../dates';

/** SPEC 3: the ID documents a visitor may apply with. */
export const ID_TYPES = ['MAINLAND_ID', 'PASSPORT', 'HK_MACAO_PERMIT', 'TAIWAN_PERMIT', 'FOREIGNER_PERMANENT_RESIDENCE'] as const;
export type IdType = (typeof ID_TYPES)[number];

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/** GB 11643-1999 check character of the first 17 digits. */
export function mainlandIdCheckCharacter(first17: string): string {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return CHECK_CHARACTERS[sum % 11] ?? '';
}

export type MainlandIdProblem = 'FORMAT' | 'BIRTH_DATE' | 'CHECK_DIGIT';

/**
 * Checks an 18-character mainland resident ID: 17 digits and a check character (digit or X),
 * a real birth date (positions 7-14) not in the future, and the GB 11643 check character.
 */
export function checkMainlandId(raw: string, today: string): { ok: true; birthDate: string } | { ok: false; problem: MainlandIdProblem } {
  const value = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(value)) return { ok: false, problem: 'FORMAT' };
  const birthDate = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!parseCalendarDate(birthDate) || birthDate > today || birthDate < '1900-01-01') return { ok: false, problem: 'BIRTH_DATE' };
  if (mainlandIdCheckCharacter(value.slice(0, 17)) !== value[17]) return { ok: false, problem: 'CHECK_DIGIT' };
  return { ok: true, birthDate };
}

/** Passports and permits: letters, digits, brackets and hyphens (after normalising). */
export const NON_MAINLAND_ID_PATTERN = /^[A-Z0-9()-]{5,32}$/;

/** The form in which ID numbers are stored and compared for uniqueness. */
export function normaliseIdNumber(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, '');
}

/** For lists (PIPL): the first and last characters only, e.g. 110105********123X. */
export function maskIdNumber(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  const keepStart = value.length >= 15 ? 6 : 2;
  const keepEnd = value.length >= 15 ? 4 : 2;
  return value.slice(0, keepStart) + '*'.repeat(value.length - keepStart - keepEnd) + value.slice(-keepEnd);
}
