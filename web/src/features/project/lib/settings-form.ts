import { parseBeijingDateTime } from '../../../lib/format/date-time';

/** The form's fields by the input's dotted path: the settings, each gate rule's switch and cooldown, each day's day, capacity and deadline, each channel's names. */
const FIELD_PATH = /^(nameZh|nameEn|showWebsiteUrl|audienceUpdateDeadline|retentionDays|qrPeriodSeconds|ticketRules\.\d+\.(rotating|cooldownMinutes)|days\.\d+\.(day|capacity|deadline)|channels\.\d+\.(nameZh|nameEn))$/;

/** The form field a server problem's path names, or undefined when none shows it (the toast says it instead). */
export const fieldOfPath = (path: string): string | undefined => (FIELD_PATH.test(path) ? path : undefined);

/** Whether a typed instant (Beijing time, as formatDateTime writes it) is acceptable: empty only when not required. */
export const isInstantAccepted = (value: string | undefined, required: boolean): boolean => (!value?.trim() && !required) || parseBeijingDateTime(value ?? '') !== undefined;
