/**
 * Tickets as the gate and the ticket office see them: one per approved visitor, one per
 * approved staff badge, and tickets imported from outside the portal. The ticket module keeps one
 * row per holder (the ledger); the application and badge modules keep it in step inside their own
 * transactions, so the gate never asks them.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { KEYWORD_MAX_LENGTH, MAX_PAGE_SIZE } from '../review/audience-list';
import { plainText } from '../text';

const code = (value: ErrorCode) => ({ message: value });

export const TICKET_KINDS = ['VISITOR', 'BADGE', 'IMPORTED'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** The letter a QR token carries for each kind (`TicketPayload.k`). */
export const TICKET_KIND_LETTERS = { VISITOR: 'A', BADGE: 'B', IMPORTED: 'C' } as const satisfies Record<TicketKind, string>;

/**
 * What the office shows: VALID admits (on its days), INACTIVE is a holder whose application or
 * badge is not approved (now), REVOKED was revoked by the ticket office with a reason, ERASED lost
 * its holder (PIPL erasure, a deleted badge) and keeps only anonymous admissions.
 */
export const TICKET_STATUSES = ['VALID', 'INACTIVE', 'REVOKED', 'ERASED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Every answer a gate can get for a scan (device API `reason`). ENTRY and RE_ENTRY admit, EXIT lets out
 * (an exit device); every other reason denies. Devices show the translated text; the codes never change.
 */
export const SCAN_REASONS = [
  'ENTRY',
  'RE_ENTRY',
  /** An exit device's scan: the holder went out (the exit-first re-entry policy counts it). */
  'EXIT',
  'BAD_SIGNATURE',
  /**
   * A rotating QR whose code is not the ticket's code of the scan's window or of one either side: a
   * screenshot passed on, or a page whose clock is far off.
   */
  'QR_EXPIRED',
  /** The kind's re-entry policy refuses a second entry now: within the cooldown, or no exit since the last entry. */
  'PASS_BACK',
  'UNKNOWN_TICKET',
  'TICKET_REVOKED',
  'APPLICATION_NOT_APPROVED',
  'BADGE_NOT_APPROVED',
  'HOLDER_ERASED',
  'NOT_SHOW_DAY',
  'DAY_NOT_SELECTED',
  'DEVICE_KIND_NOT_ALLOWED',
  'DEVICE_DAY_NOT_ALLOWED',
  /**
   * An uploaded offline scan the device denied although the ticket admitted at the scan time: nothing is
   * recorded (the holder was turned away); the device's feed was behind or its rules wrong.
   */
  'VALID_BUT_DENIED_OFFLINE',
] as const;
export type ScanReason = (typeof SCAN_REASONS)[number];
export const ADMITTING_REASONS: readonly ScanReason[] = ['ENTRY', 'RE_ENTRY', 'EXIT'];

/**
 * Why an offline scan, uploaded later, disagrees with the record. It is kept as an admission with
 * this mark (the person is inside either way) and shown to the ticket office, never dropped.
 */
export const ADMISSION_CONFLICTS = [
  /** Another device had already recorded the day's first entry (two gates admitted offline). */
  'DUPLICATE_ENTRY',
  /** The ticket was revoked (or its holder no longer approved) before the scan time. */
  'NOT_VALID_AT_SCAN',
  /**
   * The device's scan time, corrected by its last heartbeat's clock offset, was more than
   * SCAN_TIME_TOLERANCE_MS after the server's clock when it arrived: recorded at its arrival instead.
   */
  'SCAN_TIME_IN_FUTURE',
  /** The device admitted it offline although the kind's re-entry policy refused it (within the cooldown, or no exit since the last entry). */
  'PASS_BACK',
] as const;

/** How far an offline scan's (offset-corrected) time may lie after the server's clock: a device clock's drift. */
export const SCAN_TIME_TOLERANCE_MS = 5 * 60_000;
export type AdmissionConflict = (typeof ADMISSION_CONFLICTS)[number];

export const REVOKE_REASON_MAX_LENGTH = 200;
export const HOLDER_NAME_MAX_LENGTH = 100;
export const ORGANIZATION_MAX_LENGTH = 200;
export const EXTERNAL_CODE_MAX_LENGTH = 64;
export const MAX_TICKET_IMPORT_ROWS = 100_000;

export const ZTicketId = z.uuid(code('TICKET_NOT_FOUND'));

/** The ticket list's filter; the export's query string carries the same names. */
export const ZTicketFilter = z.object({
  kind: z.enum(TICKET_KINDS).nullish(),
  status: z.enum(TICKET_STATUSES).nullish(),
  /** YYYY-MM-DD: tickets that admit on that day. */
  day: z.iso.date().nullish(),
  admitted: z.boolean().nullish(),
  faceChecked: z.boolean().nullish(),
  /** Holder name, organization or external code. */
  keyword: plainText('TICKET_KEYWORD_INVALID').trim().max(KEYWORD_MAX_LENGTH, code('TICKET_KEYWORD_INVALID')).nullish(),
});
export type TTicketFilter = z.output<typeof ZTicketFilter>;

export const ZTicketListInput = z.object({
  filter: ZTicketFilter.nullish(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type TTicketListInput = z.output<typeof ZTicketListInput>;

export const ZRevokeTicketInput = z.object({
  id: ZTicketId,
  reason: plainText('TICKET_REASON_REQUIRED').trim().min(1, code('TICKET_REASON_REQUIRED')).max(REVOKE_REASON_MAX_LENGTH, code('TICKET_REASON_REQUIRED')),
});
export type TRevokeTicketInput = z.output<typeof ZRevokeTicketInput>;
