/**
 * DESIGN §6: the show's days, deadlines and admission times are shown in Asia/Shanghai time,
 * whatever the browser's time zone (dayjs with the utc and timezone plugins). The plugins are only
 * imported by lazily loaded pages, so the login page never loads them.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { SHOW_TIME_ZONE } from '@portal/shared/dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A calendar day of the show (YYYY-MM-DD), at midnight in Shanghai. */
export function showDay(day: string): Dayjs {
  return dayjs.tz(day, SHOW_TIME_ZONE);
}

/** An instant (ISO 8601), in Shanghai time. */
export function showInstant(instant: string | number | Date): Dayjs {
  return dayjs(instant).tz(SHOW_TIME_ZONE);
}
