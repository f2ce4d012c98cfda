/** Dates and times of the approval list, always in the show's time zone (DESIGN §6), in the page's language. */
import { SHOW_TIME_ZONE } from '@portal/shared/dates';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string): Intl.DateTimeFormat {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: SHOW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
    formatters.set(locale, format);
  }
  return format;
}

/** An instant (ISO text) as date and time in Asia/Shanghai; '' when missing or unreadable. */
export function formatShowDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatter(locale).format(date);
}
