/**
 * The one place dates and times are written for people (DESIGN §6): always in the show's time zone
 * (Asia/Shanghai, "Beijing time"), whatever the browser's, and one style per language:
 *
 * | what                      | zh-CN              | en-US              |
 * |---------------------------|--------------------|--------------------|
 * | instant (date and time)   | `2026-12-24 15:55` | `2026-12-24 15:55` |
 * | calendar day of the show  | `12月24日 周四`     | `Thu, Dec 24`      |
 * | the same, on a chart axis | `12月24日`          | `Dec 24`           |
 * | date                      | `2026-12-24`       | `2026-12-24`       |
 * | time of day               | `15:55`            | `15:55`            |
 *
 * Fixed-offset arithmetic and two tables (no dayjs plugins, no Intl: a page's first `Intl.DateTimeFormat` costs
 * 50–140 ms on a phone), so any page may use it without weight.
 */
import { SHANGHAI_OFFSET_MS } from '@portal/shared/dates';

export type FormatLocale = 'zh-CN' | 'en-US';

/** The page's language as one of the two styles (anything Chinese is zh-CN, anything else en-US). */
export function formatLocaleOf(language: string | undefined): FormatLocale {
  return language?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

type Instant = string | number | Date;

function toDate(value: Instant | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Beijing's wall clock of an instant, by the fixed offset (no Intl: see `shanghaiDate`). */
function shanghaiParts(date: Date): { year: string; month: string; day: string; hour: string; minute: string } {
  const [day = '', time = ''] = new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().split('T');
  const [year = '', month = '', dayOfMonth = ''] = day.split('-');
  return { year, month, day: dayOfMonth, hour: time.slice(0, 2), minute: time.slice(3, 5) };
}

/** An instant as `2026-12-24 15:55` (Beijing time); '' when missing or unreadable. */
export function formatDateTime(value: Instant | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day, hour, minute } = shanghaiParts(date);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/** An instant's calendar date in Beijing as `2026-12-24`; '' when missing or unreadable. */
export function formatDate(value: Instant | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = shanghaiParts(date);
  return `${year}-${month}-${day}`;
}

/** An instant's time of day in Beijing as `15:55`; '' when missing or unreadable. */
export function formatTime(value: Instant | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const { hour, minute } = shanghaiParts(date);
  return `${hour}:${minute}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS: Record<FormatLocale, readonly string[]> = {
  'zh-CN': ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  'en-US': ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day (YYYY-MM-DD) in the show's style, with its weekday or (`short`, where many stand side by side) without. */
function dayText(value: string, language: string, short: boolean): string {
  const match = DAY.exec(value);
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime())) return value;
  const locale = formatLocaleOf(language);
  // A calendar day has no time zone: it is read in UTC so that it never shifts.
  const weekday = WEEKDAYS[locale][date.getUTCDay()] ?? '';
  const monthDay = locale === 'zh-CN' ? `${month}月${day}日` : `${EN_MONTHS[month - 1] ?? ''} ${day}`;
  if (short) return monthDay;
  return locale === 'zh-CN' ? `${monthDay} ${weekday}` : `${weekday}, ${monthDay}`;
}

/** A calendar day of the show (YYYY-MM-DD) as `12月24日 周四` or `Thu, Dec 24`; the text itself when unreadable. */
export function formatDay(value: string, language: string): string {
  return dayText(value, language, false);
}

/** The same day on a chart's axis, where many stand side by side: `12月24日` or `Dec 24`. */
export function formatAxisDay(value: string, language: string): string {
  return dayText(value, language, true);
}

/**
 * The span of the show (first and last day, YYYY-MM-DD) for a footer or a heading:
 * `2026年12月23日–26日` / `Dec 23–26, 2026`; across months `2026年4月28日–5月1日` / `Apr 28 – May 1, 2026`;
 * across years both years. One day alone is that day; '' when a day is unreadable.
 */
export function formatDayRange(first: string, last: string, language: string): string {
  const from = DAY.exec(first);
  const to = DAY.exec(last);
  if (!from || !to) return '';
  const [y1, m1, d1] = [Number(from[1]), Number(from[2]), Number(from[3])];
  const [y2, m2, d2] = [Number(to[1]), Number(to[2]), Number(to[3])];
  const sameYear = y1 === y2;
  const sameMonth = sameYear && m1 === m2;
  if (formatLocaleOf(language) === 'zh-CN') {
    const start = `${y1}年${m1}月${d1}日`;
    if (first === last) return start;
    return `${start}–${sameMonth ? '' : sameYear ? `${m2}月` : `${y2}年${m2}月`}${d2}日`;
  }
  const month = (m: number) => EN_MONTHS[m - 1] ?? '';
  if (first === last) return `${month(m1)} ${d1}, ${y1}`;
  if (sameMonth) return `${month(m1)} ${d1}–${d2}, ${y1}`;
  if (sameYear) return `${month(m1)} ${d1} – ${month(m2)} ${d2}, ${y1}`;
  return `${month(m1)} ${d1}, ${y1} – ${month(m2)} ${d2}, ${y2}`;
}

/** The date-time pickers' input, the same style as `formatDateTime` (a Beijing wall-clock time). */
export const PICKER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** A picker's fields (read as the browser's local wall clock). */
export interface WallClock {
  year: number;
  /** 0-11, as Date and dayjs count months. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The instant a Beijing wall-clock time names, whatever the browser's zone (a picker shows local
 * fields; the page means Beijing time). `endOfMinute` takes the minute's last millisecond (a range's end).
 */
export function instantOfShanghaiWallClock(clock: WallClock, endOfMinute = false): Date {
  return new Date(Date.UTC(clock.year, clock.month, clock.day, clock.hour, clock.minute) - SHANGHAI_OFFSET_MS + (endOfMinute ? 59_999 : 0));
}

/** The Beijing wall-clock time of an instant (what a picker must show for it). */
export function shanghaiWallClockOf(instant: Date): WallClock {
  const shifted = new Date(instant.getTime() + SHANGHAI_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate(), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

/** "2026-12-24 09:00" read as Beijing time, as an ISO instant with its offset; undefined when unreadable. */
export function parseBeijingDateTime(text: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const iso = `${match[1]}T${match[2]}:${match[3]}:00+08:00`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}
