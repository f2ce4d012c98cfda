/**
 * The device API of the portal (`/apis/hardware/v1/…`, docs/api.md § Device API) as plain `fetch`
 * calls. Every call carries the device token; bodies and answers are JSON, typed below as docs/api.md
 * writes them (on purpose not imported from the server's models: the client stands alone).
 *
 * Two kinds of failure, told apart because the gate acts differently on them:
 * - `ServerUnreachable`: no answer, a time-out or a 5xx — the gate decides offline and queues;
 * - `DeviceRefused`: a 4xx with an error code (a revoked token, a malformed scan) — the gate must
 *   not carry on offline as if nothing happened (a revoked device admits no one).
 */
import type { ReentryPolicy } from '@portal/shared/ticket/gate-rules.schema';
import type { AdmissionConflict, ScanReason, TicketKind } from '@portal/shared/ticket/ticket.schema';

/** The answer to one scan, online or uploaded (the same JSON for the same scan id, however often sent). */
export interface ScanAnswer {
  scanId: string;
  /** An uploaded offline scan: `admit` is then the device's own decision, recorded as it was made. */
  offline: boolean;
  admit: boolean;
  reason: ScanReason;
  /** The show day (YYYY-MM-DD, Asia/Shanghai) of the scan. */
  day: string;
  at: string;
  /**
   * `counterCheck`: the holder chose to be verified at the counter instead of by face recognition — staff
   * compare the ID document in person, no face comparison runs (and `photoUrl` is null).
   */
  ticket: { id: string; kind: TicketKind; holderName: string; organization: string | null; photoUrl: string | null; counterCheck: boolean } | null;
  /** The holder's recorded admissions of the day, this one included. */
  entriesToday: number;
  conflict: AdmissionConflict | null;
}

/**
 * One row of the feed: `[kindLetter, subjectId, ticketId, admitsToday, denyReason, qrSecret, counterCheck]`; the secret
 * (40 hex digits) only for a ticket whose QR rotates, else null; `counterCheck` 1: compare the ID document in person,
 * no face comparison (absent in a feed from a portal before it).
 */
export type FeedTicket = [kindLetter: string, subjectId: string, ticketId: string, admitsToday: 0 | 1, denyReason: ScanReason | null, qrSecret: string | null, counterCheck?: 0 | 1];

/** A kind's re-entry policy: the device enforces the cooldown from its own scans. */
export interface FeedReentry {
  policy: ReentryPolicy;
  cooldownMinutes: number | null;
}

/** This device as the portal registered it: the days (empty: every show day) and the ticket kinds it admits. */
export interface FeedDevice {
  id: string;
  name: string;
  days: string[];
  ticketKinds: TicketKind[];
  /** ENTRY admits; EXIT lets out (records the exit the exit-first policy waits for). */
  direction: 'ENTRY' | 'EXIT';
}

/** `GET sync`: what the device needs to decide offline. */
export interface Feed {
  version: number;
  /** A full list (replace what you hold) or the rows changed since the version asked for (merge them). */
  full: boolean;
  day: string;
  publicKey: string;
  device: FeedDevice;
  /** The re-entry policy of each kind the device admits. */
  reentry: Partial<Record<TicketKind, FeedReentry>>;
  tickets: FeedTicket[];
}

/** A scan made while the server was unreachable, as `POST scans` takes it. */
export interface OfflineScan {
  scanId: string;
  qr: string;
  /** When it was scanned (device clock, ISO 8601 with offset). */
  at: string;
  /** What the device decided: an admitted person is inside, whatever the record says later. */
  admitted: boolean;
}

export interface HeartbeatAnswer {
  serverTime: string;
  /** Server time minus device time, in milliseconds. */
  clockOffsetMs: number;
}

export class ServerUnreachable extends Error {
  override readonly name = 'ServerUnreachable';
}

export class DeviceRefused extends Error {
  override readonly name = 'DeviceRefused';
  constructor(
    readonly status: number,
    /** The portal's error code, e.g. DEVICE_TOKEN_INVALID. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface DeviceApiOptions {
  /** The portal's origin, e.g. https://portal.example.com. */
  server: string;
  token: string;
  /** How long a call may take before the gate gives up and decides offline. */
  timeoutMs?: number;
}

export class DeviceApi {
  private readonly base: string;

  constructor(private readonly options: DeviceApiOptions) {
    this.base = `${options.server.replace(/\/+$/, '')}/apis/hardware/v1`;
  }

  scan(scanId: string, qr: string): Promise<ScanAnswer> {
    return this.call('POST', '/scan', { scanId, qr });
  }

  async uploadScans(scans: OfflineScan[]): Promise<ScanAnswer[]> {
    return (await this.call<{ results: ScanAnswer[] }>('POST', '/scans', { scans })).results;
  }

  /** `since` 0: the full feed; else the rows changed since that version. */
  sync(since: number): Promise<Feed> {
    return this.call('GET', since > 0 ? `/sync?since=${since}` : '/sync');
  }

  heartbeat(clock: Date, feedVersion: number, queuedScans: number): Promise<HeartbeatAnswer> {
    return this.call('POST', '/heartbeat', { clock: clock.toISOString(), feedVersion, queuedScans });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers: { authorization: `Bearer ${this.options.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
    } catch (error) {
      throw new ServerUnreachable(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status >= 500) throw new ServerUnreachable(`${method} ${path} answered ${response.status}`);
    const text = await response.text();
    if (!response.ok) {
      const error = parseJson(text) as { code?: string; message?: string } | undefined;
      throw new DeviceRefused(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? text.slice(0, 200));
    }
    const answer = parseJson(text);
    // A captive portal or a proxy's page is no answer from the portal.
    if (answer === undefined) throw new ServerUnreachable(`${method} ${path} answered ${response.status} without JSON`);
    return answer as T;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
