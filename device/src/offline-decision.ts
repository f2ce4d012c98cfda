/**
 * How the gate decides while the server is unreachable (device/README.md § Offline rules). The
 * server decides every uploaded scan again at its own time and keeps it; this only has to be right
 * at the turnstile, with what the device holds: the feed and its own count of today's entries.
 */
import { rotatingCodeMatches } from '@portal/shared/ticket/rotating-code';
import { TICKET_KIND_LETTERS, type ScanReason, type TicketKind } from '@portal/shared/ticket/ticket.schema';
import { feedKey, type LocalFeed } from './device-state';
import { rotates, verifyTicketQr } from './ticket-qr';

export interface OfflineDecision {
  admit: boolean;
  reason: ScanReason;
  ticket: { id: string; kind: TicketKind; counterCheck: boolean } | null;
}

/** Reasons that hold whatever the day: a feed of an earlier day still knows them. */
const LASTING_DENIALS: readonly ScanReason[] = ['TICKET_REVOKED', 'APPLICATION_NOT_APPROVED', 'BADGE_NOT_APPROVED', 'HOLDER_ERASED'];

const kindOfLetter = new Map(Object.entries(TICKET_KIND_LETTERS).map(([kind, letter]) => [letter as string, kind as TicketKind]));

/** What the device knows of a scan besides the QR: its clock and its own record of the ticket. */
export interface OfflineContext {
  /** The device's show day (YYYY-MM-DD, Asia/Shanghai). */
  today: string;
  /** The device's clock corrected by the offset its last heartbeat measured: the server's time, as near as known. */
  serverTimeMs: number;
  /** The admissions this device counted today for the ticket a QR names (keyed by `feedKey`). */
  entriesSoFar: (ticketKey: string) => number;
  /** When this device last admitted the ticket (ms), or null. */
  lastAdmittedMs: (ticketKey: string) => number | null;
}

export function decideOffline(feed: LocalFeed | null, qr: string, context: OfflineContext): OfflineDecision {
  const { today } = context;
  const deny = (reason: ScanReason, ticket: OfflineDecision['ticket'] = null): OfflineDecision => ({ admit: false, reason, ticket });
  // Never synced: no public key to check the QR with, so nothing can be admitted.
  if (!feed) return deny('UNKNOWN_TICKET');
  const payload = verifyTicketQr(qr, feed.publicKey);
  if (!payload) return deny('BAD_SIGNATURE');
  const kind = kindOfLetter.get(payload.k);
  if (!kind) return deny('UNKNOWN_TICKET');
  const key = feedKey(payload.k, payload.id);
  const row = feed.tickets.get(key);
  const ticket = row ? { id: row.ticketId, kind, counterCheck: row.counterCheck } : null;
  // A rotating QR: its code must be the ticket's code of the window (±1) at the server's time. Without the
  // secret it cannot be checked; a ticket missing from today's list is refused below for its day anyway.
  if (rotates(payload)) {
    if (row?.qrSecret) {
      if (!rotatingCodeMatches(row.qrSecret, payload.code ?? '', context.serverTimeMs, payload.r ?? 0)) return deny('QR_EXPIRED', ticket);
    } else if (row || feed.day !== today || feed.device.direction === 'EXIT') return deny('UNKNOWN_TICKET', ticket);
  }
  // An exit device lets the holder out: the portal keeps the exit for the exit-first policy.
  if (feed.device.direction === 'EXIT') return { admit: true, reason: 'EXIT', ticket };
  if (!feed.device.ticketKinds.includes(kind)) return deny('DEVICE_KIND_NOT_ALLOWED', ticket);
  if (feed.device.days.length > 0 && !feed.device.days.includes(today)) return deny('DEVICE_DAY_NOT_ALLOWED', ticket);
  const selectsToday = payload.d.length === 0 || payload.d.includes(today);
  // The cooldown, as far as this device knows: its own admissions (another gate's are the portal's to judge on upload).
  const reentry = feed.reentry?.[kind];
  const last = context.lastAdmittedMs(key);
  if (reentry?.policy === 'COOLDOWN' && last !== null && Math.abs(context.serverTimeMs - last) < (reentry.cooldownMinutes ?? 0) * 60_000) return deny('PASS_BACK', ticket);
  const admit = (): OfflineDecision => ({
    admit: true,
    reason: context.entriesSoFar(key) > 0 ? 'RE_ENTRY' : 'ENTRY',
    ticket,
  });

  if (feed.day === today) {
    // Today's allow-list is the authority: a full feed lists every ticket that admits today.
    if (row?.admitsToday) return admit();
    if (row) return deny(row.denyReason ?? 'UNKNOWN_TICKET', ticket);
    return deny(selectsToday ? 'UNKNOWN_TICKET' : 'DAY_NOT_SELECTED');
  }
  // A feed of another day (the device could not sync since midnight): the signed QR's days decide,
  // unless the feed already knows the ticket is revoked or its holder no longer approved.
  if (row?.denyReason && LASTING_DENIALS.includes(row.denyReason)) return deny(row.denyReason, ticket);
  return selectsToday ? admit() : deny('DAY_NOT_SELECTED', ticket);
}
