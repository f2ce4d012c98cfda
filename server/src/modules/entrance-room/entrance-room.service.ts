import { shanghaiDate } from '@portal/shared/dates';
import {
  CLOCK_DRIFT_ALERT_MS,
  GATE_CLOSE_HOUR,
  GATE_OPEN_HOUR,
  REFUSAL_ALERT_SHARE,
  REFUSAL_MIN_SCANS,
  REFUSAL_WINDOW_MINUTES,
  ROOM_BUCKET_MINUTES,
  SILENT_GATE_MINUTES,
  type RoomAlert,
  type RoomSnapshot,
} from '@portal/shared/entrance-room/entrance-room';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import { RecentFigures } from '../../lib/recent-figures';
import type { Viewer } from '../../lib/viewer';
import type { EntranceService } from '../entrance/entrance.service';
import type { ShowService } from '../show/show.service';
import type { TicketService } from '../ticket/ticket.service';
import { requireRoomViewer } from './entrance-room.policy';

/** While gates scan, one computation of the snapshot per instance at most this often, whoever watches. */
const REFRESH_MS = 2_000;
/** While anyone watches and nothing scans: silent gates and clocks are looked at again this often (and the sessions re-checked). */
const IDLE_REFRESH_MS = 30_000;
/** The regions' split moves slowly and costs a join per admitted visitor: read at most this often. */
const REGIONS_FRESH_MS = 15_000;
/** At most one announcement "gates scanned" per instance this often. */
const ANNOUNCE_MS = 1_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** One open stream (SSE) of the room. */
export interface RoomWatcher {
  /** Writes an event's text to the stream. */
  send(text: string): void;
  /** Ends the stream (shutdown, or the session no longer allows it). */
  end(): void;
  /** Whether the viewer's session still allows the room (checked every idle refresh). */
  stillAllowed(): Promise<boolean>;
}

type Devices = Awaited<ReturnType<EntranceService['devicesWithScans']>>;
type Admissions = Awaited<ReturnType<TicketService['roomAdmissions']>>;

/**
 * The live entrance room (docs/decisions/0540): one snapshot of today's gate figures per instance and
 * refresh, shared by every watcher of that instance. A committed scan tells the room (`gateScanned`); the
 * room announces it on the invalidation bus (Redis across instances, at most once a second), and every
 * instance with watchers recomputes at most every `REFRESH_MS` and sends the same text to all its streams.
 * No watcher ever causes a query of its own: the number of statements does not depend on how many watch.
 */
export class EntranceRoomService {
  private readonly watchers = new Set<RoomWatcher>();
  private readonly snapshots: RecentFigures<string>;
  private readonly regions: RecentFigures<RoomSnapshot['regions']>;
  private refreshTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private announceTimer: NodeJS.Timeout | undefined;
  private lastAnnouncedAt = 0;
  private lastComputedAt = 0;
  private closed = false;
  /** What the room has cost since the start: its computations and their database statements (the bench reads them). */
  readonly usage = { computations: 0, statements: 0 };

  constructor(
    private readonly tickets: Pick<TicketService, 'roomAdmissions' | 'roomRegions'>,
    private readonly entrance: Pick<EntranceService, 'devicesWithScans'>,
    private readonly show: Pick<ShowService, 'showDays'>,
    private readonly bus: InvalidationBus,
    private readonly clock: Clock,
  ) {
    this.snapshots = new RecentFigures(clock, REFRESH_MS);
    this.regions = new RecentFigures(clock, REGIONS_FRESH_MS);
    bus.subscribe((change) => {
      if (change === 'everything' || change.kind === 'gate') this.stale();
    });
  }

  /** Authorises the viewer (before the stream opens). */
  open(viewer: Viewer | undefined) {
    return requireRoomViewer(viewer);
  }

  /** Adds a stream: it gets the current snapshot at once, then every refresh. Returns its removal. */
  async watch(viewer: Viewer | undefined, watcher: RoomWatcher): Promise<() => void> {
    requireRoomViewer(viewer);
    this.watchers.add(watcher);
    this.idleTimer ??= setInterval(() => void this.idleRefresh(), IDLE_REFRESH_MS);
    const remove = () => {
      this.watchers.delete(watcher);
      if (this.watchers.size === 0) this.stopTimers();
    };
    try {
      watcher.send(await this.current());
    } catch (error) {
      remove();
      throw error;
    }
    return remove;
  }

  /** A scan was committed on this instance: announced to every instance, at most once per `ANNOUNCE_MS`. */
  gateScanned() {
    if (this.announceTimer || this.closed) return;
    const delay = Math.max(0, this.lastAnnouncedAt + ANNOUNCE_MS - this.clock.now());
    this.announceTimer = setTimeout(() => {
      this.announceTimer = undefined;
      this.lastAnnouncedAt = this.clock.now();
      void this.bus.publish({ kind: 'gate', key: '' }).catch(() => undefined);
    }, delay);
  }

  /** Ends every stream (graceful shutdown: before the server waits for its requests). */
  close() {
    this.closed = true;
    this.stopTimers();
    clearTimeout(this.announceTimer);
    for (const watcher of this.watchers) watcher.end();
    this.watchers.clear();
  }

  private stopTimers() {
    clearTimeout(this.refreshTimer);
    clearInterval(this.idleTimer);
    this.refreshTimer = undefined;
    this.idleTimer = undefined;
  }

  /** The figures changed somewhere: recomputed once, no sooner than `REFRESH_MS` after the last run, if anyone watches. */
  private stale() {
    if (this.watchers.size === 0) {
      this.snapshots.forget(this.today());
      return;
    }
    if (this.refreshTimer) return;
    const delay = Math.max(0, this.lastComputedAt + REFRESH_MS - this.clock.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      void this.refresh();
    }, delay);
  }

  private async idleRefresh() {
    await Promise.all(
      [...this.watchers].map(async (watcher) => {
        if (await watcher.stillAllowed().catch(() => false)) return;
        this.watchers.delete(watcher);
        watcher.end();
      }),
    );
    if (this.watchers.size > 0) await this.refresh();
  }

  private async refresh() {
    if (this.closed || this.watchers.size === 0) return;
    this.snapshots.forget(this.today());
    const text = await this.current().catch(() => undefined);
    if (text === undefined) return;
    for (const watcher of this.watchers) watcher.send(text);
  }

  private today() {
    return shanghaiDate(new Date(this.clock.now()));
  }

  /** The snapshot as one SSE event's text. */
  private current(): Promise<string> {
    const day = this.today();
    return this.snapshots.get(day, async () => {
      const snapshot = JSON.stringify(await this.compute(day));
      // A comment line (browsers skip it): what the room has cost this instance so far, for the bench and operators.
      return `: room computations=${this.usage.computations} statements=${this.usage.statements}\nevent: snapshot\ndata: ${snapshot}\n\n`;
    });
  }

  private async compute(day: string): Promise<RoomSnapshot> {
    const now = this.clock.now();
    this.lastComputedAt = now;
    this.usage.computations += 1;
    const from = new Date(`${day}T00:00:00+08:00`);
    const counted = <T>(statement: Promise<T>) => {
      this.usage.statements += 1;
      return statement;
    };
    const [showDays, admissions, devices, regions] = await Promise.all([
      counted(this.show.showDays()),
      counted(this.tickets.roomAdmissions(day, ROOM_BUCKET_MINUTES)),
      counted(this.entrance.devicesWithScans(from, new Date(from.getTime() + DAY_MS), new Date(now - REFUSAL_WINDOW_MINUTES * MINUTE_MS))),
      this.regions.get(day, () => counted(this.tickets.roomRegions(day))),
    ]);
    const showDay = showDays.some((row) => row.day === day);
    const visitors = admissions.reduce((sum, row) => sum + row.entries, 0);
    const reEntries = admissions.reduce((sum, row) => sum + row.reEntries, 0);
    const exits = devices.reduce((sum, device) => sum + (device.exits ?? 0), 0);
    const recordsExits = devices.some((device) => device.direction === 'EXIT');
    return {
      day,
      showDay,
      generatedAt: new Date(now).toISOString(),
      gates: gatesOf(devices, admissions),
      buckets: admissions.map(({ deviceId, gate, slot, entries, reEntries: again }) => ({ deviceId, gate: gate ?? '', slot, entries, reEntries: again })),
      visitors,
      reEntries,
      exits,
      inside: recordsExits ? Math.max(0, visitors + reEntries - exits) : null,
      regions,
      alerts: alertsOf(devices, { now, day, showDay, hour: beijingHour(now) }),
    };
  }
}

function beijingHour(now: number) {
  return new Date(now + 8 * 3_600_000).getUTCHours();
}

/** The registered devices, then any gate name admissions carry without a device (records from before it). */
function gatesOf(devices: Devices, admissions: Admissions): RoomSnapshot['gates'] {
  const gates: RoomSnapshot['gates'] = devices.map((device) => ({ deviceId: device.id, gate: device.name, direction: device.direction }));
  const known = new Set(devices.map((device) => device.id));
  for (const row of admissions) {
    if (row.deviceId && known.has(row.deviceId)) continue;
    const key = row.deviceId ?? `gate:${row.gate ?? ''}`;
    if (known.has(key)) continue;
    known.add(key);
    gates.push({ deviceId: row.deviceId, gate: row.gate ?? '', direction: 'ENTRY' });
  }
  return gates;
}

/**
 * A silent gate (a show day, in opening hours, a device that has a token and admits today), a drifting clock, a
 * spike of refusals in the last minutes.
 */
export function alertsOf(devices: Devices, at: { now: number; day: string; showDay: boolean; hour: number }): RoomAlert[] {
  const alerts: RoomAlert[] = [];
  const open = at.showDay && at.hour >= GATE_OPEN_HOUR && at.hour < GATE_CLOSE_HOUR;
  for (const device of devices) {
    const gate = device.name;
    const lastScanAt = device.lastScanAt ? new Date(device.lastScanAt).getTime() : null;
    const expected = device.hasToken && (device.days.length === 0 || device.days.includes(at.day));
    if (open && expected && (lastScanAt === null || at.now - lastScanAt >= SILENT_GATE_MINUTES * MINUTE_MS)) {
      alerts.push({ kind: 'SILENT_GATE', deviceId: device.id, gate, minutes: lastScanAt === null ? null : Math.floor((at.now - lastScanAt) / MINUTE_MS) });
    }
    if (device.clockOffsetMs !== null && Math.abs(device.clockOffsetMs) > CLOCK_DRIFT_ALERT_MS) alerts.push({ kind: 'CLOCK_DRIFT', deviceId: device.id, gate, offsetMs: device.clockOffsetMs });
    const scans = device.recentScans ?? 0;
    const refused = device.recentRefused ?? 0;
    if (scans >= REFUSAL_MIN_SCANS && refused / scans > REFUSAL_ALERT_SHARE) alerts.push({ kind: 'REFUSAL_SPIKE', deviceId: device.id, gate, refused, scans });
  }
  return alerts;
}
