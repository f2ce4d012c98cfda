/** Date formats of the visitor pages, in Shanghai time (format strings from the `visitor` locale files). */
import { showDay, showInstant } from '../../../lib/show-time';

type Translate = (key: string) => string;

export function formatShowDay(day: string, t: Translate, format: 'day' | 'shortDay' = 'day'): string {
  return showDay(day).format(t(`format.${format}`));
}

export function formatShowInstant(instant: string, t: Translate, format: 'dateTime' | 'time' = 'dateTime'): string {
  return showInstant(instant).format(t(`format.${format}`));
}
