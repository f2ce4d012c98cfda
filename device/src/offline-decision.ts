/**
 * How the gate decides while the server is unreachable (device/README.md § Offline rules). The
 * server decides every uploaded scan again at its own time and keeps it; this only has to be right
 * at the turnstile, with what the device holds: the feed and its own count of today's entries.
 */
import { TICKET_KIND_LETTERS, type ScanReason, type TicketKind } from '@portal/shared/ticket/ticket.schema';
import { feedKey, type LocalFeed } from './device-state';
import { verifyTicketQr } from './ticket-qr';

export interface OfflineDecision {
  admit: boolean;
  reason: ScanReason;
  ticket: { id: string; kind: TicketKind } | null;
}

/** Reasons that hold whatever the day: a feed of an earlier day still knows them. */
const LASTING_DENIALS: readonly ScanReason[] = ['TICKET_REVOKED', 'APPLICATION_NOT_APPROVED', 'BADGE_NOT_APPROVED', 'HOLDER_ERASED'];

const kindOfLetter = new Map(Object.entries(TICKET_KIND_LETTERS).map(([kind, letter]) => [letter as string, kind as TicketKind]));

/**
 * `today` is the device's show day (YYYY-MM-DD, Asia/Shanghai); `entriesSoFar` the admissions this
 * device counted today for the ticket a QR names (by `ticketKeyOf`).
 */
export function decideOffline(feed: LocalFeed | null, qr: string, today: string, entriesSoFar: (ticketKey: string) => number): OfflineDecision {
  const deny = (reason: ScanReason, ticket: OfflineDecision['ticket'] = null): OfflineDecision => ({ admit: false, reason, ticket });
  // Never synced: no public key to check the QR with, so nothing can be admitted.
  if (!feed) return deny('UNKNOWN_TICKET');
  const payload = verifyTicketQr(qr, feed.publicKey);
  if (!payload) return deny('BAD_SIGNATURE');
  const kind = kindOfLetter.get(payload.k);
  if (!kind) return deny('UNKNOWN_TICKET');
  const key = feedKey(payload.k, payload.id);
  const row = feed.tickets.get(key);
  const ticket = row ? { id: row.ticketId, kind } : null;
  if (!feed.device.ticketKinds.includes(kind)) return deny('DEVICE_KIND_NOT_ALLOWED', ticket);
  if (feed.device.days.length > 0 && !feed.device.days.includes(today)) return deny('DEVICE_DAY_NOT_ALLOWED', ticket);
  const selectsToday = payload.d.length === 0 || payload.d.includes(today);
  const admit = (): OfflineDecision => ({
    admit: true,
    reason: entriesSoFar(key) > 0 ? 'RE_ENTRY' : 'ENTRY',
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
