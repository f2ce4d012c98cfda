import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import { GATE_OPEN_HOUR, regionOfId, type RoomSnapshot } from '@portal/shared/entrance-room/entrance-room';
import { createSecondInstance, createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { showDays, tickets } from '../../db/schema/index';
import { deviceCall, ISSUE_TOKEN, REGISTER, uniqueDeviceName } from '../entrance/entrance-test-support';
import { ENTRANCE_ROOM_EVENTS_PATH } from './entrance-room.routes';
import { alertsOf } from './entrance-room.service';

/** An open stream of the room: every snapshot received, and a wait for one that meets a condition. */
class RoomStream {
  readonly snapshots: RoomSnapshot[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly abort = new AbortController();

  static async open(app: Pick<TestApp, 'baseUrl'>, client: TestClient) {
    const response = await fetch(`${app.baseUrl}${ENTRANCE_ROOM_EVENTS_PATH}`, { headers: { cookie: client.cookieHeader(), accept: 'text/event-stream' } });
    return { response, stream: response.ok ? new RoomStream(response) : undefined };
  }

  private constructor(readonly response: Response) {
    void this.read(response);
  }

  private async read(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    this.abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: snapshot\ndata: (.*)$/ms.exec(event)?.[1];
          if (data) this.snapshots.push(JSON.parse(data) as RoomSnapshot);
          for (const wake of this.waiters.splice(0)) wake();
        }
      }
    } catch {
      // cancelled
    }
    this.ended = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  ended = false;

  /** The first snapshot received (from now back to the first) that meets `condition`. */
  async until(condition: (snapshot: RoomSnapshot) => boolean, timeoutMs = 15_000): Promise<RoomSnapshot> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.snapshots.findLast(condition);
      if (found) return found;
      if (this.ended) throw new Error('the stream ended');
      if (Date.now() > deadline) throw new Error(`no such snapshot; last: ${JSON.stringify(this.snapshots.at(-1))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.abort.abort();
  }
}

describe('the entrance room', () => {
  let app: TestApp;
  let hardware: TestClient;
  let ticketOffice: TestClient;
  const today = shanghaiDate(new Date());
  const streams: RoomStream[] = [];

  async function device(direction: 'ENTRY' | 'EXIT' = 'ENTRY') {
    const registered = await hardware.graphql<{ registerEntranceDevice: { id: string; name: string } }>(REGISTER, {
      input: { name: uniqueDeviceName(), location: 'East hall', kind: 'GATE', direction, days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'] },
    });
    const found = registered.body.data?.registerEntranceDevice;
    if (!found) throw new Error(JSON.stringify(registered.body.errors));
    const issued = await hardware.graphql<{ issueDeviceToken: { token: string } }>(ISSUE_TOKEN, { id: found.id });
    return { ...found, token: issued.body.data?.issueDeviceToken.token ?? '' };
  }

  /** A staff badge's ticket with a region in the ledger, and the QR its holder shows. */
  async function badgeTicket(holderRegion: string | null) {
    const subjectId = randomUUID();
    await app.portal.database.db.insert(tickets).values({ kind: 'BADGE', subjectId, holderName: '李娜', organization: '示例摩托', holderApproved: true, holderRegion });
    return app.portal.app.services.tickets.badgeToken(subjectId);
  }

  async function watch(target: TestApp, client: TestClient) {
    const { response, stream } = await RoomStream.open(target, client);
    expect(response.status).toBe(200);
    streams.push(stream!);
    return stream!;
  }

  beforeAll(async () => {
    app = await createTestApp();
    hardware = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
    ticketOffice = (await signedInClient(app, 'organizer', ['ROLE_TICKET'])).client;
    await app.portal.database.db.insert(showDays).values({ day: today, capacity: 100, deadline: new Date() });
  }, 60_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it('derives a coarse region from an ID without keeping the number', () => {
    expect(regionOfId('MAINLAND_ID', '440305199001011234')).toBe('CN-44');
    expect(regionOfId('MAINLAND_ID', '990305199001011234')).toBeNull();
    expect(regionOfId('PASSPORT', 'E12345678')).toBe('PASSPORT');
    expect(regionOfId('PASSPORT', 'E12345678', 'JP')).toBe('JP');
    expect(regionOfId('MAINLAND_ID', '310104198503121234', 'CN')).toBe('CN-31');
    expect(regionOfId(null, null)).toBeNull();
  });

  it('calls a gate silent only where it is expected to scan: a token, and today among its days', () => {
    const now = Date.parse(`${today}T02:00:00Z`);
    const quiet = { direction: 'ENTRY' as const, lastHeartbeatAt: null, clockOffsetMs: null, lastScanAt: null, exits: 0, recentScans: 0, recentRefused: 0 };
    const devices = [
      { ...quiet, id: 'every-day', name: 'A', days: [], hasToken: true },
      { ...quiet, id: 'today', name: 'B', days: [today], hasToken: true },
      { ...quiet, id: 'another-day', name: 'C', days: ['2000-01-01'], hasToken: true },
      { ...quiet, id: 'no-token', name: 'D', days: [], hasToken: false },
    ];
    const silent = (at: { showDay: boolean; hour: number }) => alertsOf(devices, { now, day: today, ...at }).map((alert) => alert.deviceId);
    expect(silent({ showDay: true, hour: 10 })).toEqual(['every-day', 'today']);
    // Before the gates open, and on a day that is not a show day, no gate is silent.
    expect(silent({ showDay: true, hour: GATE_OPEN_HOUR - 1 })).toEqual([]);
    expect(silent({ showDay: false, hour: 10 })).toEqual([]);
  });

  it('refuses viewers outside the gate sections, and those signed out', async () => {
    const signedOut = await fetch(`${app.baseUrl}${ENTRANCE_ROOM_EVENTS_PATH}`);
    expect(signedOut.status).toBe(401);
    for (const [scope, roles] of [
      ['organizer', ['ROLE_AUDIENCE']],
      ['organizer', ['ROLE_PROJECT']],
      ['exhibitor', []],
      ['audience', []],
    ] as const) {
      const { client } = await signedInClient(app, scope, [...roles]);
      const { response } = await RoomStream.open(app, client);
      expect(response.status, `${scope} ${roles.join()}`).toBe(scope === 'organizer' ? 403 : 403);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('streams today’s figures after real scans: gates per 10 minutes, visitors and re-entries, people inside, regions, alerts', async () => {
    const stream = await watch(app, ticketOffice);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const first = await stream.until(() => true);
    expect(first).toMatchObject({ day: today, showDay: true, visitors: 0, reEntries: 0, inside: null });

    const entry = await device('ENTRY');
    const exit = await device('EXIT');
    // The exit gate's clock runs five minutes ahead.
    await deviceCall(app, exit.token, 'heartbeat', { clock: new Date(Date.now() + 300_000).toISOString() });
    const guangdong = await badgeTicket('CN-44');
    const passport = await badgeTicket('PASSPORT');
    expect((await deviceCall(app, entry.token, 'scan', { scanId: 'room-1', qr: guangdong })).json).toMatchObject({ reason: 'ENTRY' });
    expect((await deviceCall(app, entry.token, 'scan', { scanId: 'room-2', qr: passport })).json).toMatchObject({ reason: 'ENTRY' });
    expect((await deviceCall(app, exit.token, 'scan', { scanId: 'room-3', qr: guangdong })).json).toMatchObject({ reason: 'EXIT' });
    expect((await deviceCall(app, entry.token, 'scan', { scanId: 'room-4', qr: guangdong })).json).toMatchObject({ reason: 'RE_ENTRY' });
    // A spike of refusals at the entry gate: ten unreadable codes.
    for (let index = 0; index < 10; index += 1) await deviceCall(app, entry.token, 'scan', { scanId: `room-bad-${index}`, qr: `not a ticket ${index}` });

    const snapshot = await stream.until((next) => next.visitors === 2 && next.exits === 1 && next.alerts.some((alert) => alert.kind === 'REFUSAL_SPIKE'));
    expect(snapshot).toMatchObject({ visitors: 2, reEntries: 1, exits: 1, inside: 2 });
    const buckets = snapshot.buckets.filter((bucket) => bucket.deviceId === entry.id);
    expect(buckets.reduce((sum, bucket) => sum + bucket.entries, 0)).toBe(2);
    expect(buckets.reduce((sum, bucket) => sum + bucket.reEntries, 0)).toBe(1);
    expect(buckets.every((bucket) => bucket.slot % 10 === 0 && bucket.gate === entry.name)).toBe(true);
    expect(snapshot.gates).toEqual(expect.arrayContaining([{ deviceId: exit.id, gate: exit.name, direction: 'EXIT' }]));
    expect(snapshot.alerts).toEqual(
      expect.arrayContaining([
        { kind: 'REFUSAL_SPIKE', deviceId: entry.id, gate: entry.name, refused: 10, scans: 13 },
        expect.objectContaining({ kind: 'CLOCK_DRIFT', deviceId: exit.id }),
      ]),
    );
    // The regions are read at most every 15 s: the split may lag the counts, never name anyone.
    const regions = await stream.until((next) => next.regions.length > 0, 30_000);
    expect(regions.regions).toEqual(expect.arrayContaining([{ region: 'CN-44', visitors: 1 }, { region: 'PASSPORT', visitors: 1 }]));
  }, 60_000);

  it('one computation per refresh for every watcher: the statements do not grow with the watchers', async () => {
    const { usage } = app.portal.app.services.entranceRoom;
    const many = await Promise.all(Array.from({ length: 8 }, () => watch(app, hardware)));
    await Promise.all(many.map((stream) => stream.until(() => true)));
    const before = { ...usage };
    const counted = Math.max(...many.map((stream) => stream.snapshots.at(-1)?.visitors ?? 0));
    const gate = await device('ENTRY');
    expect((await deviceCall(app, gate.token, 'scan', { scanId: 'many-1', qr: await badgeTicket(null) })).json).toMatchObject({ reason: 'ENTRY' });
    await Promise.all(many.map((stream) => stream.until((next) => next.visitors === counted + 1)));
    // One refresh (perhaps two: a timer that was already due) for all eight, of four statements at most each.
    expect(usage.computations - before.computations).toBeLessThanOrEqual(2);
    expect(usage.statements - before.statements).toBeLessThanOrEqual(8);
  }, 60_000);

  it('ends the streams when the instance closes', async () => {
    const other = await createTestApp();
    try {
      const { client } = await signedInClient(other, 'organizer', ['ROLE_SUPER_ADMIN']);
      const stream = await watch(other, client);
      await stream.until(() => true);
      await other.close();
      await expect(stream.until(() => false, 10_000)).rejects.toThrow('the stream ended');
    } finally {
      await other.close();
    }
  }, 60_000);

  it.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('a watcher on another instance hears of the scans through Redis', async () => {
    const second = await createSecondInstance(app);
    try {
      const { client } = await signedInClient(second, 'organizer', ['ROLE_TICKET']);
      const stream = await watch(second, client);
      const before = (await stream.until(() => true)).visitors;
      const gate = await device('ENTRY');
      expect((await deviceCall(app, gate.token, 'scan', { scanId: 'redis-1', qr: await badgeTicket(null) })).json).toMatchObject({ reason: 'ENTRY' });
      expect((await stream.until((next) => next.visitors === before + 1)).visitors).toBe(before + 1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
