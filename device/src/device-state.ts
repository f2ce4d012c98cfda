/**
 * What a gate keeps on its own disk, in one JSON file (`--state`), so that it can decide while the
 * server is unreachable and lose nothing across a restart or a power cut: the feed it last synced,
 * the scans it made offline and has not uploaded yet, and how often it admitted each ticket today.
 * Written whole to a temporary file and renamed over the old one: a crash leaves the old or the new
 * file, never half of one.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ScanReason } from '@portal/shared/ticket/ticket.schema';
import type { Feed, FeedDevice, FeedTicket, OfflineScan } from './device-api';

/** A feed row as the gate looks it up: by the QR's kind letter and id. */
export interface FeedEntry {
  ticketId: string;
  admitsToday: boolean;
  denyReason: ScanReason | null;
  /** A rotating ticket's secret; null for a static one. */
  qrSecret: string | null;
  /** The holder is verified at the counter: compare the ID document in person, no face comparison. */
  counterCheck: boolean;
}

export interface LocalFeed {
  version: number;
  /** The show day the allow-list is for (Asia/Shanghai). */
  day: string;
  publicKey: string;
  device: FeedDevice;
  reentry: Feed['reentry'];
  /** `<kind letter>:<subject id>` → its state on `day`. */
  tickets: Map<string, FeedEntry>;
}

export interface DeviceState {
  feed: LocalFeed | null;
  /** Scans made offline, oldest first, until an upload delivered them. */
  queue: OfflineScan[];
  /**
   * Admissions this device counted per ticket on `day` (keyed like the feed: kind letter and subject
   * id, which every QR carries): what tells an entry from a re-entry offline.
   */
  entries: { day: string; byTicket: Record<string, number> };
  /** When this device last admitted each ticket (ISO 8601, keyed like the feed): the offline cooldown. */
  lastAdmitted: Record<string, string>;
  lastHeartbeat: { at: string; clockOffsetMs: number } | null;
}

/** The file's shape: the feed's tickets in the feed's own compact row form. */
interface StateFile extends Omit<DeviceState, 'feed' | 'lastAdmitted'> {
  format: 1;
  /** Absent in a file written before the cooldown was kept. */
  lastAdmitted?: Record<string, string>;
  feed: (Omit<LocalFeed, 'tickets'> & { tickets: FeedTicket[] }) | null;
}

export const feedKey = (kindLetter: string, subjectId: string) => `${kindLetter}:${subjectId}`;

export function emptyState(): DeviceState {
  return { feed: null, queue: [], entries: { day: '', byTicket: {} }, lastAdmitted: {}, lastHeartbeat: null };
}

export function loadState(path: string): DeviceState {
  if (!existsSync(path)) return emptyState();
  const file = JSON.parse(readFileSync(path, 'utf8')) as StateFile;
  if (file.format !== 1) throw new Error(`${path}: unknown state format ${String(file.format)}`);
  const feed = file.feed && { ...file.feed, tickets: new Map<string, FeedEntry>() };
  for (const row of file.feed?.tickets ?? []) setFeedRow(feed!, row);
  return { feed, queue: file.queue, entries: file.entries, lastAdmitted: file.lastAdmitted ?? {}, lastHeartbeat: file.lastHeartbeat };
}

export function saveState(path: string, state: DeviceState): void {
  const feed = state.feed && {
    ...state.feed,
    tickets: [...state.feed.tickets].map(([key, entry]): FeedTicket => {
      const [kindLetter = '', subjectId = ''] = key.split(':');
      return [kindLetter, subjectId, entry.ticketId, entry.admitsToday ? 1 : 0, entry.denyReason, entry.qrSecret, entry.counterCheck ? 1 : 0];
    }),
  };
  const file: StateFile = { format: 1, ...state, feed };
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(file));
  renameSync(temporary, path);
}

/** Takes a `GET sync` answer: a full feed replaces the list, an incremental one overwrites the rows it carries. */
export function applyFeed(current: LocalFeed | null, answer: Feed): LocalFeed {
  const feed: LocalFeed = {
    version: answer.version,
    day: answer.day,
    publicKey: answer.publicKey,
    device: answer.device,
    reentry: answer.reentry,
    tickets: answer.full || !current ? new Map() : current.tickets,
  };
  for (const row of answer.tickets) setFeedRow(feed, row);
  return feed;
}

function setFeedRow(feed: LocalFeed, [kindLetter, subjectId, ticketId, admitsToday, denyReason, qrSecret, counterCheck]: FeedTicket) {
  feed.tickets.set(feedKey(kindLetter, subjectId), { ticketId, admitsToday: admitsToday === 1, denyReason, qrSecret: qrSecret ?? null, counterCheck: counterCheck === 1 });
}
