/**
 * The waitlist of a full show day (docs/decisions/0208-waitlist-for-full-days.md): the visitor joins,
 * leaves, or confirms an offered seat, naming the day; the offer window is a project setting.
 */
import { z } from 'zod';
import { ZCalendarDate } from './application.schema';
import type { ErrorCode } from '../errors/error-codes';

const code = (value: ErrorCode) => ({ message: value });

export const ZWaitlistDayInput = z.object({ day: ZCalendarDate });
export type TWaitlistDayInput = z.output<typeof ZWaitlistDayInput>;

/** How long an offered seat waits for its confirmation, hours: the default, and the bounds the organizers may set. */
export const WAITLIST_OFFER_HOURS_DEFAULT = 24;
export const WAITLIST_OFFER_HOURS_MIN = 1;
export const WAITLIST_OFFER_HOURS_MAX = 168;
export const ZWaitlistOfferHours = z
  .number(code('PROJECT_WAITLIST_HOURS_INVALID'))
  .int(code('PROJECT_WAITLIST_HOURS_INVALID'))
  .min(WAITLIST_OFFER_HOURS_MIN, code('PROJECT_WAITLIST_HOURS_INVALID'))
  .max(WAITLIST_OFFER_HOURS_MAX, code('PROJECT_WAITLIST_HOURS_INVALID'));
