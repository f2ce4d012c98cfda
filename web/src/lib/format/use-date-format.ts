import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAxisDay, formatDate, formatDateTime, formatDay, formatTime } from './date-time';

/** The formatters of `date-time.ts`, bound to the page's language. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      dateTime: formatDateTime,
      date: formatDate,
      time: formatTime,
      day: (day: string) => formatDay(day, language),
      axisDay: (day: string) => formatAxisDay(day, language),
    }),
    [language],
  );
}
