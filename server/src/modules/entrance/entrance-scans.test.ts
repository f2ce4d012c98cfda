import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { admissions, deviceScans, showDays, tickets } from '../../db/schema/index';
import { deviceCall, registerDeviceWithToken } from './entrance-test-support';

const FIGURES = `{ entranceDevices { id scansToday { hour admitted denied } conflictsToday } }`;
type Figures = { id: string; scansToday: Array<{ hour: number; admitted: number; denied: number }>; conflictsToday: number };
type Answer = { scanId: string; offline: boolean; admit: boolean; reason: string; at: string; ticket: { id: string; photoUrl: string | null } | null; entriesToday: number; conflict: string | null };

/** Scans through the device API: the ticket module decides, the entrance answers once per scan id and logs it. */
describe('device API: scans', () => {
  let app: TestApp;
  let manager: TestClient;
  const today = shanghaiDate(new Date());
  const MONTH_MS = 30 * 24 * 3600_000;
  const monthAhead = shanghaiDate(new Date(Date.now() + MONTH_MS));

  /** A staff badge's ticket in the ledger, valid every show day, and the QR its holder shows. */
  async function badgeTicket(entryPhotoId: string | null = null) {
    const subjectId = randomUUID();
    const [ticket] = await app.portal.database.db
      .insert(tickets)
      .values({ kind: 'BADGE', subjectId, holderName: '李娜', organization: '示例摩托', holderApproved: true, entryPhotoId })
      .returning();
    if (!ticket) throw new Error('no ticket');
    return { ticket, qr: app.portal.app.services.tickets.badgeToken(subjectId) };
  }

  const scan = (token: string, scanId: string, qr: string) => deviceCall(app, token, 'scan', { scanId, qr });

  beforeAll(async () => {
    app = await createTestApp();
    manager = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
    // Today is a show day (the decision refuses other days).
    await app.portal.database.db.insert(showDays).values({ day: today, capacity: 100, deadline: new Date() });
    // A show day a month ahead, for the scans of a clock that runs ahead.
    await app.portal.database.db.insert(showDays).values({ day: monthAhead, capacity: 100, deadline: new Date() });
  }, 60_000);
  afterAll(() => app.close());

  it('a retried scan id gets the very bytes of its first answer, online and offline', async () => {
    const { token } = await registerDeviceWithToken(manager);
    const { qr } = await badgeTicket();
    const first = await scan(token, 'bytes-1', qr);
    expect(first.json).toMatchObject({ admit: true, reason: 'ENTRY' });
    expect((await scan(token, 'bytes-1', qr)).text).toBe(first.text);
    // The keys in the documented order.
    expect(Object.keys(first.json ?? {})).toEqual(['scanId', 'offline', 'admit', 'reason', 'day', 'at', 'ticket', 'entriesToday', 'conflict']);
    // The database assembles an admitting answer's text with its log row: the bytes JSON.stringify gives.
    expect(first.text).toBe(JSON.stringify(first.json));
    const reEntry = await scan(token, 'bytes-3', qr);
    expect(reEntry.json).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2 });
    expect(reEntry.text).toBe(JSON.stringify(reEntry.json));

    const queued = { scanId: 'bytes-2', qr, at: new Date(Date.now() - 60_000).toISOString(), admitted: true };
    const uploaded = await deviceCall(app, token, 'scans', { scans: [queued] });
    const again = await deviceCall(app, token, 'scans', { scans: [{ scanId: 'bytes-1', qr, at: queued.at, admitted: true }, queued] });
    const [answer] = (uploaded.json?.results ?? []) as unknown[];
    expect(again.text).toBe(`{"results":[${first.text},${JSON.stringify(answer)}]}`);
    expect(uploaded.text).toBe(`{"results":[${JSON.stringify(answer)}]}`);
  });

  it('an offline scan the device denied although the ticket admitted says so in its reason, never ENTRY', async () => {
    const { token } = await registerDeviceWithToken(manager);
    const { ticket, qr } = await badgeTicket();
    const upload = await deviceCall(app, token, 'scans', { scans: [{ scanId: 'denied-1', qr, at: new Date(Date.now() - 60_000).toISOString(), admitted: false }] });
    expect((upload.json?.results as Answer[])[0]).toMatchObject({ offline: true, admit: false, reason: 'VALID_BUT_DENIED_OFFLINE', entriesToday: 0, conflict: null });
    expect(await app.portal.database.db.select().from(admissions).where(eq(admissions.ticketId, ticket.id))).toHaveLength(0);
    // Online answers say they are the server's own decision.
    expect((await scan(token, 'denied-2', qr)).json).toMatchObject({ offline: false, admit: true, reason: 'ENTRY' });
  });

  it("a scan dated a month ahead is kept as a conflict on the day it arrived, never a clean entry on a day that has not come; a measured offset is corrected", async () => {
    const office = (await signedInClient(app, 'organizer', ['ROLE_TICKET'])).client;
    const ADMISSIONS = `query ($ticketId: ID!) { ticketAdmissions(ticketId: $ticketId) { day gate offline conflict } }`;
    const scanLog = async (ticketId: string) => (await office.graphql<{ ticketAdmissions: unknown[] }>(ADMISSIONS, { ticketId })).body.data?.ticketAdmissions;
    const db = app.portal.database.db;

    // No heartbeat yet: the device's time as it is, a month ahead, on a show day, admitted.
    const skewed = await registerDeviceWithToken(manager);
    const { ticket, qr } = await badgeTicket();
    const ahead = new Date(Date.now() + MONTH_MS).toISOString();
    const upload = await deviceCall(app, skewed.token, 'scans', { scans: [{ scanId: 'ahead-1', qr, at: ahead, admitted: true }] });
    expect(upload.status).toBe(200);
    expect((upload.json?.results as Answer[])[0]).toMatchObject({ offline: true, admit: true, day: today, conflict: 'SCAN_TIME_IN_FUTURE' });
    expect(await db.select().from(admissions).where(and(eq(admissions.ticketId, ticket.id), eq(admissions.day, monthAhead)))).toHaveLength(0);
    expect(await scanLog(ticket.id)).toEqual([{ day: today, gate: skewed.device.name, offline: true, conflict: 'SCAN_TIME_IN_FUTURE' }]);
    const figures = (await manager.graphql<{ entranceDevices: Figures[] }>(FIGURES)).body.data?.entranceDevices.find((row) => row.id === skewed.device.id);
    expect(figures?.conflictsToday).toBe(1);

    // The same clock, measured by a heartbeat: its scans are put back to the server's time, clean entries of today.
    const measured = await registerDeviceWithToken(manager);
    const offsetMs = 10 * 24 * 3600_000;
    expect((await deviceCall(app, measured.token, 'heartbeat', { clock: new Date(Date.now() + offsetMs).toISOString() })).status).toBe(200);
    const other = await badgeTicket();
    const scannedAt = Date.now() - 60_000;
    const corrected = await deviceCall(app, measured.token, 'scans', { scans: [{ scanId: 'measured-1', qr: other.qr, at: new Date(scannedAt + offsetMs).toISOString(), admitted: true }] });
    const [answer] = corrected.json?.results as Answer[];
    expect(answer).toMatchObject({ admit: true, reason: 'ENTRY', day: today, conflict: null });
    expect(Math.abs(Date.parse(answer?.at ?? '') - scannedAt)).toBeLessThan(5_000);
    expect(await scanLog(other.ticket.id)).toEqual([{ day: today, gate: measured.device.name, offline: true, conflict: null }]);
  });

  it('the same scan id twice records once and answers the same; a new scan id is a re-entry', async () => {
    const { token, device } = await registerDeviceWithToken(manager);
    const { ticket, qr } = await badgeTicket();
    const first = await scan(token, 'scan-1', qr);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ scanId: 'scan-1', admit: true, reason: 'ENTRY', day: today, entriesToday: 1, conflict: null, ticket: { id: ticket.id, holderName: '李娜' } });
    const again = await scan(token, 'scan-1', qr);
    expect(again.json).toEqual(first.json);
    const db = app.portal.database.db;
    expect(await db.select().from(deviceScans).where(eq(deviceScans.deviceId, device.id))).toHaveLength(1);
    expect(await db.select().from(admissions).where(eq(admissions.ticketId, ticket.id))).toHaveLength(1);

    const reEntry = await scan(token, 'scan-2', qr);
    expect(reEntry.json).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2 });
    // A bad QR is denied, and logged too.
    const forged = await scan(token, 'scan-3', `${qr.slice(0, -4)}AAAA`);
    expect(forged.json).toMatchObject({ admit: false, reason: 'BAD_SIGNATURE', ticket: null });

    const figures = (await manager.graphql<{ entranceDevices: Figures[] }>(FIGURES)).body.data?.entranceDevices.find((row) => row.id === device.id);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(new Date()));
    expect(figures?.scansToday).toEqual([{ hour, admitted: 2, denied: 1 }]);
    expect(figures?.conflictsToday).toBe(0);
    for (const body of [{}, { scanId: '', qr }, { scanId: 'x'.repeat(65), qr }, { scanId: 's', qr: '' }]) expect((await deviceCall(app, token, 'scan', body)).status).toBe(400);
  });

  it('offline uploads of two devices that both admitted one ticket are both recorded, the later one as a conflict', async () => {
    const east = await registerDeviceWithToken(manager);
    const west = await registerDeviceWithToken(manager);
    const { ticket, qr } = await badgeTicket();
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const fromEast = await deviceCall(app, east.token, 'scans', { scans: [{ scanId: 'e-1', qr, at: at(10), admitted: true }] });
    expect(fromEast.status).toBe(200);
    const fromWest = await deviceCall(app, west.token, 'scans', {
      scans: [
        { scanId: 'w-1', qr, at: at(5), admitted: true },
        { scanId: 'w-2', qr: 'garbage', at: at(4), admitted: false },
      ],
    });
    const results = (fromWest.json?.results ?? []) as Answer[];
    expect(results.map((result) => [result.scanId, result.admit, result.conflict])).toEqual([
      ['w-1', true, 'DUPLICATE_ENTRY'],
      ['w-2', false, null],
    ]);
    // Uploaded again (the device did not get the answer): nothing more is recorded.
    const retried = await deviceCall(app, west.token, 'scans', { scans: [{ scanId: 'w-1', qr, at: at(5), admitted: true }] });
    expect((retried.json?.results as Answer[])[0]).toEqual(results[0]);

    const db = app.portal.database.db;
    expect(await db.select().from(admissions).where(eq(admissions.ticketId, ticket.id))).toHaveLength(2);
    const logged = await db.select().from(deviceScans).where(eq(deviceScans.ticketId, ticket.id));
    expect(logged.map((row) => [row.scanId, row.offline, row.conflict]).sort()).toEqual([
      ['e-1', true, null],
      ['w-1', true, 'DUPLICATE_ENTRY'],
    ]);
    const figures = (await manager.graphql<{ entranceDevices: Figures[] }>(FIGURES)).body.data?.entranceDevices ?? [];
    expect(figures.find((row) => row.id === west.device.id)?.conflictsToday).toBe(1);
    expect(figures.find((row) => row.id === east.device.id)?.conflictsToday).toBe(0);
    expect((await deviceCall(app, west.token, 'scans', { scans: [] })).status).toBe(400);
  });

  it('a device reads its own feed, and the holder photo only of tickets it scanned', async () => {
    const { client: exhibitor } = await signedInClient(app, 'exhibitor');
    const photo = await uploadPicture(exhibitor, 'CATALOG');
    const { ticket, qr } = await badgeTicket(photo.id);
    const scanner = await registerDeviceWithToken(manager, { ticketKinds: ['BADGE'] });
    const bystander = await registerDeviceWithToken(manager);

    const feed = await deviceCall(app, scanner.token, 'sync');
    expect(feed.json).toMatchObject({ full: true, day: today, device: { id: scanner.device.id, name: scanner.device.name, days: [], ticketKinds: ['BADGE'] } });
    expect(String(feed.json?.publicKey)).toContain('BEGIN PUBLIC KEY');
    expect((feed.json?.tickets as unknown[][]).some((row) => row[2] === ticket.id)).toBe(true);
    const since = Number(feed.json?.version);
    expect((await deviceCall(app, scanner.token, `sync?since=${since}`)).json).toMatchObject({ full: false, tickets: [] });
    for (const bad of ['-1', 'abc', '1.5']) expect((await deviceCall(app, scanner.token, `sync?since=${bad}`)).status).toBe(400);

    const photoPath = `photos/${ticket.id}`;
    expect((await deviceCall(app, scanner.token, photoPath)).status).toBe(403);
    const answer = (await scan(scanner.token, randomUUID(), qr)).json as Answer;
    expect(answer.ticket?.photoUrl).toBe(`/apis/hardware/v1/${photoPath}`);
    const response = await fetch(`${app.baseUrl}${answer.ticket?.photoUrl}`, { headers: { authorization: `Bearer ${scanner.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await deviceCall(app, bystander.token, photoPath)).status).toBe(403);
    const log = await app.portal.database.db.select().from(deviceScans).where(and(eq(deviceScans.deviceId, bystander.device.id), eq(deviceScans.ticketId, ticket.id)));
    expect(log).toHaveLength(0);
  });

  it("racing scans and uploads keep the ticket list's admission figures exact (its maintained facts)", async () => {
    const office = (await signedInClient(app, 'organizer', ['ROLE_TICKET'])).client;
    const gates = await Promise.all([registerDeviceWithToken(manager), registerDeviceWithToken(manager), registerDeviceWithToken(manager)]);
    const held = await Promise.all(Array.from({ length: 4 }, () => badgeTicket()));
    const neverScanned = await badgeTicket();
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // Every gate scans every ticket twice online and uploads one offline scan of it, all at once; the repeated
    // scan ids must not count twice, the later offline entries of a ticket are conflicts.
    const racers = held.flatMap(({ qr }, ticket) =>
      gates.flatMap(({ token }, gate) => [
        scan(token, `race-${ticket}-${gate}-a`, qr),
        scan(token, `race-${ticket}-${gate}-a`, qr),
        scan(token, `race-${ticket}-${gate}-b`, qr),
        deviceCall(app, token, 'scans', { scans: [{ scanId: `race-${ticket}-${gate}-offline`, qr, at: at(30 + gate), admitted: true }] }),
      ]),
    );
    expect((await Promise.all(racers)).map((answer) => answer.status)).toEqual(racers.map(() => 200));

    const db = app.portal.database.db;
    const LIST = `query ($filter: TicketFilter) { tickets(filter: $filter, pageSize: 100) { total nodes { id admissionCount conflictCount lastAdmittedAt } } }`;
    type Row = { id: string; admissionCount: number; conflictCount: number; lastAdmittedAt: string | null };
    const listed = async (filter: Record<string, unknown>) => (await office.graphql<{ tickets: { total: number; nodes: Row[] } }>(LIST, { filter })).body.data?.tickets.nodes ?? [];
    const recorded = async (ticketId: string) => {
      const rows = await db.select().from(admissions).where(eq(admissions.ticketId, ticketId));
      const last = rows.map((row) => row.at.getTime()).sort((a, b) => b - a)[0];
      return { id: ticketId, admissionCount: rows.length, conflictCount: rows.filter((row) => row.conflict !== null).length, lastAdmittedAt: last === undefined ? null : new Date(last).toISOString() };
    };
    const admitted = await listed({ kind: 'BADGE', admitted: true, day: today });
    for (const { ticket } of held) {
      const expected = await recorded(ticket.id);
      expect(expected.admissionCount).toBe(gates.length * 3);
      expect(admitted.find((row) => row.id === ticket.id)).toEqual(expected);
    }
    const notAdmitted = (await listed({ kind: 'BADGE', admitted: false })).map((row) => row.id);
    expect(notAdmitted).toContain(neverScanned.ticket.id);
    for (const { ticket } of held) expect(notAdmitted).not.toContain(ticket.id);

    // Removed admissions (never done by the portal; a ticket's deletion takes them by cascade) count again from what is left.
    const [first] = held;
    if (!first) throw new Error('no ticket');
    await db.delete(admissions).where(and(eq(admissions.ticketId, first.ticket.id), eq(admissions.offline, true)));
    expect((await listed({ kind: 'BADGE', admitted: true })).find((row) => row.id === first.ticket.id)).toEqual(await recorded(first.ticket.id));
    await db.delete(admissions).where(eq(admissions.ticketId, first.ticket.id));
    expect(await listed({ kind: 'BADGE', admitted: false })).toContainEqual({ id: first.ticket.id, admissionCount: 0, conflictCount: 0, lastAdmittedAt: null });
  });
});

// Racing requests with one scan id meet at the unique index: one row, one answer for all.
describe.skipIf(!process.env.DATABASE_URL)('device API: a scan id sent by racing requests (PostgreSQL)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
    await app.portal.database.db.insert(showDays).values({ day: shanghaiDate(new Date()), capacity: 100, deadline: new Date() });
  }, 60_000);
  afterAll(() => app.close());

  it('ten concurrent sends of one scan id record one scan and answer the same', async () => {
    const manager = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
    const { token, device } = await registerDeviceWithToken(manager);
    const subjectId = randomUUID();
    await app.portal.database.db.insert(tickets).values({ kind: 'BADGE', subjectId, holderName: '王强', holderApproved: true });
    const qr = app.portal.app.services.tickets.badgeToken(subjectId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deviceCall(app, token, 'scan', { scanId: 'same', qr })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    for (const answer of answers) expect(answer.json).toEqual(answers[0]?.json);
    expect(answers[0]?.json).toMatchObject({ admit: true, reason: 'ENTRY', entriesToday: 1 });
    expect(await app.portal.database.db.select().from(deviceScans).where(eq(deviceScans.deviceId, device.id))).toHaveLength(1);
    expect(await app.portal.database.db.select().from(admissions).where(eq(admissions.deviceId, device.id))).toHaveLength(1);
  });
});
