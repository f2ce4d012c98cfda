/** DESIGN §6: deadlines and dates are computed in Asia/Shanghai, whatever the server's time zone. */
export const SHOW_TIME_ZONE = 'Asia/Shanghai';

/** Shanghai has kept UTC+8 all year since 1991: a wall-clock time there is this far ahead of UTC. */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The calendar day (YYYY-MM-DD) of an instant in Shanghai. Arithmetic, not Intl: a page's first
 * `Intl.DateTimeFormat` loads ICU's date data, 50–140 ms on a phone (docs/decisions/0016-one-date-formatter.md).
 */
export function shanghaiDate(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** YYYY-MM-DD for a valid calendar date, else undefined (rejects 2023-02-30). */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Whole years between a birth date and a day (both YYYY-MM-DD): the age on that day. */
export function ageOn(birthDate: string, day: string): number | undefined {
  const birth = parseCalendarDate(birthDate);
  const on = parseCalendarDate(day);
  if (!birth || !on) return undefined;
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}
