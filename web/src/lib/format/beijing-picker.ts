import dayjs, { type Dayjs } from 'dayjs';
import { instantOfShanghaiWallClock, shanghaiWallClockOf } from './date-time';

/**
 * Date-time pickers show the browser's local fields; the portal means Beijing time (DESIGN §6). These
 * two set a picker to an instant's Beijing wall clock and read the instant back, whatever the browser's zone.
 */
export function pickerValueOf(instant: Date | null | undefined): Dayjs | null {
  if (!instant) return null;
  const clock = shanghaiWallClockOf(instant);
  return dayjs(new Date(clock.year, clock.month, clock.day, clock.hour, clock.minute));
}

/** `end`: the minute's last millisecond (the end of a range is inclusive). */
export function instantOfPickerValue(value: Dayjs | null | undefined, end: boolean): Date | null {
  return value ? instantOfShanghaiWallClock({ year: value.year(), month: value.month(), day: value.date(), hour: value.hour(), minute: value.minute() }, end) : null;
}
