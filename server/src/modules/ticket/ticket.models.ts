import type { SQL } from 'drizzle-orm';
import type { DeviceDirection } from '@portal/shared/entrance/entrance.schema';
import type { ReentryPolicy } from '@portal/shared/ticket/gate-rules.schema';
import type { AdmissionConflict, ScanReason, TicketKind } from '@portal/shared/ticket/ticket.schema';
import type { Executor } from '../../db/client';
import type { AudienceModel } from '../application/application.models';
import type { admissions, tickets } from './ticket.tables';

export type AdmissionModel = typeof admissions.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

/**
 * The VIP ticket of an approved visitor: the application and the signed token its QR holds; for a rotating
 * kind, the ticket's secret and the period its page draws each window's code with (null: static).
 */
export interface TicketModel {
  audience: AudienceModel;
  token: string;
  qrSecret: string | null;
  qrPeriodSeconds: number | null;
}

/** An entrance device as the scan decision sees it (the entrance module owns devices). */
export interface GateDevice {
  id: string;
  /** Recorded with each admission as its gate (the dashboard's per-gate figures). */
  name: string;
  /** Show days it admits on; empty: every show day. */
  days: readonly string[];
  ticketKinds: readonly TicketKind[];
  /** ENTRY admits; EXIT records that the holder went out. */
  direction: DeviceDirection;
}

/** The scan answer of the device API (docs/api.md § Device API). */
export interface ScanAnswer {
  scanId: string;
  /** An uploaded offline scan (`admit` is then the device's own decision, recorded as made). */
  offline: boolean;
  admit: boolean;
  reason: ScanReason;
  /** The show day (Asia/Shanghai) of the scan. */
  day: string;
  /** The scan time, ISO 8601 in Beijing time (+08:00). */
  at: string;
  /** `counterCheck`: compare the ID document in person — no face comparison (decision 0209; no `photoUrl` then). */
  ticket: { id: string; kind: TicketKind; holderName: string; organization: string | null; photoUrl: string | null; counterCheck: boolean } | null;
  /** The holder's recorded admissions of the day, this one included. */
  entriesToday: number;
  conflict: AdmissionConflict | null;
}

/**
 * One ticket of the device feed: `[kindLetter, subjectId, ticketId, admitsToday, denyReason, qrSecret, counterCheck]`; the
 * secret only for a kind whose QR rotates (null otherwise); `counterCheck` 1: compare the ID document in person,
 * no face comparison (decision 0209).
 */
export type FeedTicket = [string, string, string, 0 | 1, ScanReason | null, string | null, 0 | 1];

/** A kind's re-entry policy as the feed carries it (the device enforces the cooldown offline). */
export interface FeedReentry {
  policy: ReentryPolicy;
  cooldownMinutes: number | null;
}

/** The device feed (docs/api.md) without `device`, which the entrance module adds. */
export interface TicketFeed {
  version: number;
  full: boolean;
  day: string;
  publicKey: string;
  /** The re-entry policy of each kind the device admits. */
  reentry: Partial<Record<TicketKind, FeedReentry>>;
  tickets: FeedTicket[];
}

/** The kinds whose holders another module keeps (imported tickets belong to the ticket office). */
export type HolderKind = Exclude<TicketKind, 'IMPORTED'>;

/** What the application and badge modules tell the ledger about a holder, inside their transaction. */
export interface TicketHolder {
  kind: HolderKind;
  /** The application id or the badge id. */
  subjectId: string;
  holderName: string;
  organization: string | null;
  /** The days it admits (YYYY-MM-DD); empty: every show day. */
  days: readonly string[];
  /** Whether the application or badge is approved now. */
  approved: boolean;
  entryPhotoId: string | null;
  idPhotoId: string | null;
  /** `regionOfId` of the holder's ID (shared/src/entrance-room/entrance-room.ts). */
  region: string | null;
  /** The holder chose the counter check (decision 0209): the gate compares the ID document in person, no face comparison. */
  counterCheck: boolean;
}

/** Called in the scan's transaction when a visitor's ticket records the day's first entry. */
export type VisitorAdmittedHook = (tx: Executor, audienceId: string, day: string, at: Date) => Promise<void>;

/** Another module's records of a holder go with the holder's personal data (in the erasing transaction). */
export type HoldersErasedHook = (tx: Executor, kind: HolderKind, subjectIds: readonly string[]) => Promise<void>;

/**
 * The text of an admitting scan's answer around what only the admission's insert knows: `reason` (when
 * the decision did not fix it), `entriesToday` and `conflict` go between these parts, as JSON.
 */
export interface ScanAnswerParts {
  beforeReason: string;
  /** The reason when it does not depend on the day's count (an offline scan's denial); null: ENTRY or RE_ENTRY. */
  fixedReason: ScanReason | null;
  beforeEntries: string;
  beforeConflict: string;
  end: string;
}

/** What the scan's log row takes from the admission recorded in the same statement: SQL over that row. */
export interface RecordedScan {
  /** The one-row relation of the recorded admission. */
  source: SQL;
  ticketId: string;
  at: Date;
  reason: SQL;
  conflict: SQL;
  /** The answer's JSON text, the same bytes as `JSON.stringify` of the answer. */
  answer: SQL;
}

/**
 * The entrance module's insert of a scan's log row, run inside the statement that records the admission (the
 * two in one round trip); it selects from `recorded.source` and returns its `answer` column.
 */
export type ScanLogInsert = (recorded: RecordedScan) => SQL;
