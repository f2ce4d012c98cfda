/**
 * The organizer's project settings (/wo/project/info): one schema for the form and the server. The
 * rules that need the database (capacity ≥ seats held, a removed day without bookings, the version)
 * are the server's; everything that the values alone decide is here.
 */
import { z } from 'zod';
import { ZCalendarDate } from '../application/application.schema';
import { ZWaitlistOfferHours } from '../application/waitlist.schema';
import { parseCalendarDate } from '../dates';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { ZQrPeriodSeconds, ZTicketGateRulesInput } from '../ticket/gate-rules.schema';

const code = (value: ErrorCode) => ({ message: value });

export const SHOW_NAME_MAX_LENGTH = 100;
export const CHANNEL_NAME_MAX_LENGTH = 40;
export const WEBSITE_URL_MAX_LENGTH = 300;
export const MAX_SHOW_DAYS = 14;
/**
 * Every exhibition day still to come lies within this many days of the first of them (one show, not two);
 * past days (a finished edition, a demo's gate day) are kept as they are and not measured.
 */
export const MAX_SHOW_SPAN_DAYS = 31;
export const MAX_DAY_CAPACITY = 1_000_000;
export const MAX_CHANNELS = 30;
/**
 * Personal data of applications is kept at least this many days after the last show day: admission
 * records are access logs, which the Cybersecurity Law (art. 21) asks to keep for six months
 * (docs/decisions/0605-retention-and-show-website.md).
 */
export const MIN_RETENTION_DAYS = 180;
/** PIPL art. 19: no longer than needed; three years covers the next edition's disputes. */
export const MAX_RETENTION_DAYS = 1095;

const settingText = (max: number) => plainText('PROJECT_TEXT_REQUIRED').trim().min(1, code('PROJECT_TEXT_REQUIRED')).max(max, code('PROJECT_TEXT_TOO_LONG'));

/** The show's own website: https only (the browser is sent there after sign-out). */
export const ZShowWebsiteUrl = plainText('PROJECT_WEBSITE_INVALID')
  .trim()
  .max(WEBSITE_URL_MAX_LENGTH, code('PROJECT_WEBSITE_INVALID'))
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, code('PROJECT_WEBSITE_INVALID'));

/** The first instant after a calendar day in Beijing time. */
export function endOfShowDay(day: string): Date {
  const next = new Date(`${day}T00:00:00+08:00`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** An instant: a Date (the GraphQL DateTime scalar parses it) or an ISO string with its offset (the form). */
const ZInstant = z
  .union([z.date(code('PROJECT_DATE_INVALID')), z.iso.datetime({ offset: true, ...code('PROJECT_DATE_INVALID') })], code('PROJECT_DATE_INVALID'))
  .transform((value) => new Date(value));

export const ZShowDayInput = z.object({
  day: ZCalendarDate,
  capacity: z.number(code('PROJECT_CAPACITY_INVALID')).int(code('PROJECT_CAPACITY_INVALID')).min(0, code('PROJECT_CAPACITY_INVALID')).max(MAX_DAY_CAPACITY, code('PROJECT_CAPACITY_INVALID')),
  /** Registration for the day closes at this instant: at the latest when the day ends. */
  deadline: ZInstant,
});

export const ZChannelInput = z.object({
  /** Absent for a new channel. Channels are never deleted (old applications name them): disable instead. */
  id: z.uuid(code('NOT_FOUND')).nullish(),
  nameZh: settingText(CHANNEL_NAME_MAX_LENGTH),
  nameEn: settingText(CHANNEL_NAME_MAX_LENGTH),
  enabled: z.boolean(),
});

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const ZProjectSettingsFields = z.object({
  /** The version the form was opened with: a save over a newer one is refused (PROJECT_SETTINGS_CHANGED). */
  version: z.number().int().min(0),
  nameZh: settingText(SHOW_NAME_MAX_LENGTH),
  nameEn: settingText(SHOW_NAME_MAX_LENGTH),
  showWebsiteUrl: ZShowWebsiteUrl,
  audienceRegOpen: z.boolean(),
  exhibitorRegOpen: z.boolean(),
  audienceUpdateDeadline: ZInstant.nullable(),
  retentionDays: z
    .number(code('PROJECT_RETENTION_INVALID'))
    .int(code('PROJECT_RETENTION_INVALID'))
    .min(MIN_RETENTION_DAYS, code('PROJECT_RETENTION_INVALID'))
    .max(MAX_RETENTION_DAYS, code('PROJECT_RETENTION_INVALID')),
  /** How long a seat offered from a day's waitlist waits for its confirmation, hours; absent keeps the saved one. */
  waitlistOfferHours: ZWaitlistOfferHours.nullish(),
  /** The rotating QR's window (DESIGN §6). */
  qrPeriodSeconds: ZQrPeriodSeconds,
  /** Per ticket kind: whether its QR rotates, and its re-entry policy. */
  ticketRules: ZTicketGateRulesInput,
  days: z.array(ZShowDayInput).min(1, code('PROJECT_DAYS_REQUIRED')).max(MAX_SHOW_DAYS, code('PROJECT_DAYS_TOO_MANY')),
  channels: z.array(ZChannelInput).max(MAX_CHANNELS, code('PROJECT_TEXT_TOO_LONG')),
});
type TProjectSettingsFields = z.output<typeof ZProjectSettingsFields>;
/** The settings' shape, parsed at the server's edge; the day rules need today and are the service's (`projectSettingsDayRules`). */
export const ZSaveProjectSettingsInput = ZProjectSettingsFields;

/** The rows whose day and deadline parsed (the day rules judge those; a row that failed shows its own error). */
function parsedDays(days: unknown): Array<{ index: number; day: string; deadline: Date | undefined }> {
  if (!Array.isArray(days)) return [];
  return days.flatMap((row: unknown, index) => {
    const { day, deadline } = (row ?? {}) as { day?: unknown; deadline?: unknown };
    return typeof day === 'string' && parseCalendarDate(day) ? [{ index, day, deadline: deadline instanceof Date ? deadline : undefined }] : [];
  });
}

/**
 * The settings form for a save on `today` (Beijing, YYYY-MM-DD): the shape, then the day rules — no day
 * twice, the days to come within MAX_SHOW_SPAN_DAYS of the first of them, each deadline before its day
 * ends, the update deadline before the show ends. They run even when another field failed (`when`), so
 * the form shows every error after one check; each names the row it is about.
 */
export function saveProjectSettingsSchema(today: string) {
  return ZProjectSettingsFields.superRefine(dayRules(today), { when: () => true });
}

/** The day rules of a save on `today` over settings already parsed by `ZSaveProjectSettingsInput` (the server's clock gives today). */
export function projectSettingsDayRules(today: string) {
  return z.custom<TProjectSettingsFields>().superRefine(dayRules(today));
}

function dayRules(today: string) {
  return (input: TProjectSettingsFields, context: z.RefinementCtx) => {
    const rows = parsedDays((input as Partial<TProjectSettingsFields> | undefined)?.days);
    const sorted = rows.map((row) => row.day).sort();
    const firstToCome = sorted.find((day) => day >= today);
    const last = sorted[sorted.length - 1];
    for (const row of rows) {
      if (sorted.indexOf(row.day) !== sorted.lastIndexOf(row.day)) context.addIssue({ code: 'custom', path: ['days', row.index, 'day'], message: 'PROJECT_DAY_DUPLICATE' });
      else if (firstToCome && row.day >= today && daysBetween(firstToCome, row.day) > MAX_SHOW_SPAN_DAYS) context.addIssue({ code: 'custom', path: ['days', row.index, 'day'], message: 'PROJECT_DAYS_SPAN_TOO_LONG' });
      if (row.deadline && row.deadline.getTime() > endOfShowDay(row.day).getTime()) context.addIssue({ code: 'custom', path: ['days', row.index, 'deadline'], message: 'PROJECT_DEADLINE_AFTER_DAY' });
    }
    const updateDeadline = (input as Partial<TProjectSettingsFields> | undefined)?.audienceUpdateDeadline;
    if (last && updateDeadline instanceof Date && updateDeadline.getTime() > endOfShowDay(last).getTime()) {
      context.addIssue({ code: 'custom', path: ['audienceUpdateDeadline'], message: 'PROJECT_UPDATE_DEADLINE_AFTER_SHOW' });
    }
  };
}
export type TSaveProjectSettingsInput = z.output<typeof ZSaveProjectSettingsInput>;
export type TSaveProjectSettingsFields = z.input<ReturnType<typeof saveProjectSettingsSchema>>;
