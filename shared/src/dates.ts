/** DESIGN §6: deadlines and dates are computed in Asia/Shanghai, whatever the server's time zone. */
export const SHOW_TIME_ZONE = 'Asia/Shanghai';

const dateFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: SHOW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) of an instant in Shanghai. */
export function shanghaiDate(instant: Date): string {
  return dateFormatter.format(instant);
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
