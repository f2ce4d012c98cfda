/**
 * One entrance device: the device API, its state file and the offline rules put together. Every
 * command of the CLI is one method here; a vendor's firmware would call the same four.
 */
import { randomUUID } from 'node:crypto';
import { shanghaiDate } from '@portal/shared/dates';
import { MAX_SCANS_PER_UPLOAD } from '@portal/shared/entrance/entrance.schema';
import { COOLDOWN_MAX_MINUTES } from '@portal/shared/ticket/gate-rules.schema';
import { ServerUnreachable, type DeviceApi, type HeartbeatAnswer, type ScanAnswer } from './device-api';
import { applyFeed, feedKey, loadState, saveState, type DeviceState } from './device-state';
import { decideOffline } from './offline-decision';
import { readTicketQr } from './ticket-qr';

/** What the gate shows for one scan: the server's answer, or the device's own offline decision. */
export interface GateScan extends Omit<ScanAnswer, 'ticket'> {
  /** Decided by the device from its feed (the server was unreachable) and queued for upload. */
  offline: boolean;
  /** Offline, the holder's name is unknown (the feed carries no personal data) and `ticket` may be null. */
  ticket: (Omit<NonNullable<ScanAnswer['ticket']>, 'holderName'> & { holderName: string | null }) | null;
}

export interface SyncResult {
  version: number;
  full: boolean;
  day: string;
  /** Rows the answer carried. */
  received: number;
  /** Tickets the device now holds. */
  held: number;
}

export interface UploadResult {
  uploaded: number;
  results: ScanAnswer[];
}

export class Gate {
  private constructor(
    private readonly api: DeviceApi,
    private readonly statePath: string,
    private readonly state: DeviceState,
    private readonly now: () => Date,
  ) {}

  /** Reads the state file (a missing one is a new device). `now` is the device clock. */
  static open(api: DeviceApi, statePath: string, now: () => Date = () => new Date()): Gate {
    return new Gate(api, statePath, loadState(statePath), now);
  }

  get queuedScans(): number {
    return this.state.queue.length;
  }

  get feedVersion(): number {
    return this.state.feed?.version ?? 0;
  }

  /** Incremental from the version held, or full when the device holds none for today. */
  async sync(): Promise<SyncResult> {
    const held = this.state.feed;
    let answer = await this.api.sync(held && held.day === shanghaiDate(this.now()) ? held.version : 0);
    // The server's day moved on since the device's last sync: today's list must be taken whole.
    if (!answer.full && answer.day !== held?.day) answer = await this.api.sync(0);
    this.state.feed = applyFeed(held, answer);
    this.save();
    return { version: answer.version, full: answer.full, day: answer.day, received: answer.tickets.length, held: this.state.feed.tickets.size };
  }

  /**
   * Online: the server decides and records. When it cannot be reached (no answer, a time-out, a
   * 5xx), or `offline` asks for it, the device decides from its feed and queues the scan; a refusal of the device itself (a
   * revoked token: `DeviceRefused`) is thrown, never turned into an offline admission.
   */
  async scan(qr: string, options: { offline?: boolean } = {}): Promise<GateScan> {
    const scanId = randomUUID();
    const at = this.now();
    const today = shanghaiDate(at);
    const key = this.ticketKeyOf(qr);
    // The server's time as this device estimates it: its clock less the offset its last heartbeat measured.
    const serverTimeMs = at.getTime() - (this.state.lastHeartbeat?.clockOffsetMs ?? 0);
    try {
      if (options.offline) throw new ServerUnreachable('decided offline on request');
      const answer = await this.api.scan(scanId, qr);
      if (answer.admit && answer.reason !== 'EXIT' && key) {
        this.countEntry(answer.day, key, answer.entriesToday, Date.parse(answer.at));
        this.save();
      }
      return { ...answer, offline: false };
    } catch (error) {
      if (!(error instanceof ServerUnreachable)) throw error;
    }
    const decision = decideOffline(this.state.feed, qr, {
      today,
      serverTimeMs,
      entriesSoFar: (ticketKey) => this.entriesOn(today, ticketKey),
      lastAdmittedMs: (ticketKey) => {
        const last = this.state.lastAdmitted[ticketKey];
        return last ? Date.parse(last) : null;
      },
    });
    // Denied scans are queued too: the portal keeps every scan in the device's log.
    this.state.queue.push({ scanId, qr, at: at.toISOString(), admitted: decision.admit });
    let entriesToday = key ? this.entriesOn(today, key) : 0;
    if (decision.admit && decision.reason !== 'EXIT' && key) entriesToday = this.countEntry(today, key, entriesToday + 1, serverTimeMs);
    this.save();
    return {
      scanId,
      admit: decision.admit,
      reason: decision.reason,
      day: today,
      at: at.toISOString(),
      ticket: decision.ticket && { ...decision.ticket, holderName: null, organization: null, photoUrl: null },
      entriesToday,
      conflict: null,
      offline: true,
    };
  }

  /**
   * Sends the offline queue in chunks of MAX_SCANS_PER_UPLOAD, oldest first; each chunk leaves the
   * queue once the server answered it. The server is idempotent on scan ids, so a chunk sent again
   * after a crash is recorded once.
   */
  async upload(): Promise<UploadResult> {
    const results: ScanAnswer[] = [];
    while (this.state.queue.length > 0) {
      const chunk = this.state.queue.slice(0, MAX_SCANS_PER_UPLOAD);
      results.push(...(await this.api.uploadScans(chunk)));
      this.state.queue.splice(0, chunk.length);
      this.save();
    }
    return { uploaded: results.length, results };
  }

  async heartbeat(): Promise<HeartbeatAnswer> {
    const answer = await this.api.heartbeat(this.now(), this.feedVersion, this.queuedScans);
    this.state.lastHeartbeat = { at: this.now().toISOString(), clockOffsetMs: answer.clockOffsetMs };
    this.save();
    return answer;
  }

  private ticketKeyOf(qr: string): string | undefined {
    const payload = readTicketQr(qr);
    return payload && feedKey(payload.k, payload.id);
  }

  private entriesOn(day: string, key: string): number {
    return this.state.entries.day === day ? (this.state.entries.byTicket[key] ?? 0) : 0;
  }

  /** Remembers the day's count for a ticket (a new day starts from nothing) and when it was admitted (server time); returns the count. */
  private countEntry(day: string, key: string, count: number, atMs: number): number {
    if (this.state.entries.day !== day) {
      this.state.entries = { day, byTicket: {} };
      // A new day: admissions older than the longest cooldown can refuse no one any more.
      this.state.lastAdmitted = Object.fromEntries(Object.entries(this.state.lastAdmitted).filter(([, at]) => atMs - Date.parse(at) < COOLDOWN_MAX_MINUTES * 60_000));
    }
    this.state.entries.byTicket[key] = count;
    this.state.lastAdmitted[key] = new Date(atMs).toISOString();
    return count;
  }

  private save() {
    saveState(this.statePath, this.state);
  }
}
