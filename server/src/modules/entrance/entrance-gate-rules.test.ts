import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { DEFAULT_TICKET_GATE_RULES, type TicketGateRules } from '@portal/shared/ticket/gate-rules.schema';
import { rotatingCode, rotatingQrText } from '@portal/shared/ticket/rotating-code';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { deviceScans, showDays, tickets } from '../../db/schema/index';
import type { AudienceModel } from '../application/application.models';
import { deviceCall, registerDeviceWithToken } from './entrance-test-support';

type Answer = { admit: boolean; reason: string; entriesToday: number; conflict: string | null; offline: boolean };
type Feed = { tickets: Array<[string, string, string, number, string | null, string | null]>; reentry: Record<string, unknown>; device: { direction: string } };

/**
 * The rotating ticket QR and the re-entry policies at the device API (DESIGN §6, docs/decisions/0521-…): codes in
 * window ±1 admit, older ones are QR_EXPIRED, an offline scan's code is judged at its offset-corrected time, static
 * and printed tokens stay static, the feed carries secrets of rotating tickets only, and pass-back holds online,
 * offline (a conflict) and under concurrent scans.
 */
describe('device API: rotating QR and pass-back', () => {
  let app: TestApp;
  let manager: TestClient;
  const PERIOD = 30;
  let now = Date.now();

  const services = () => app.portal.app.services;
  const scan = (token: string, qr: string) => deviceCall(app, token, 'scan', { scanId: randomUUID(), qr }).then((answer) => answer.json as Answer);
  const upload = (token: string, scans: Array<{ qr: string; at: Date; admitted: boolean }>) =>
    deviceCall(app, token, 'scans', { scans: scans.map((row) => ({ scanId: randomUUID(), qr: row.qr, at: row.at.toISOString(), admitted: row.admitted })) }).then(
      (answer) => answer.json?.results as Answer[],
    );

  /** The gate rules saved as the settings page saves them (one kind changed, the others as they are). */
  async function setRules(rules: Partial<TicketGateRules>) {
    const current = await services().show.gateSettings();
    await services().show.updateSetting({ ticketGateRules: { ...current.rules, ...rules } });
  }

  /** A ledger row of a kind and, for a visitor, the holder's rotating token and secret (as the ticket page gets them). */
  async function ticket(kind: 'VISITOR' | 'BADGE' = 'VISITOR') {
    const subjectId = randomUUID();
    const [row] = await app.portal.database.db.insert(tickets).values({ kind, subjectId, holderName: '王芳', holderApproved: true }).returning();
    if (!row) throw new Error('no ticket');
    if (kind === 'BADGE') return { row, token: services().tickets.badgeToken(subjectId), secret: null };
    // The ticket module reads only the application's id of it.
    const issued = await services().tickets.ticketOf({ id: subjectId } as AudienceModel);
    if (!issued) throw new Error('no visitor ticket');
    return { row, token: issued.token, secret: issued.qrSecret };
  }

  const qrAt = (token: string, secret: string | null, atMs: number) => rotatingQrText(token, rotatingCode(secret ?? '', atMs, PERIOD));

  beforeAll(async () => {
    app = await createTestApp();
    services().clock.now = () => now;
    manager = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
    await app.portal.database.db.insert(showDays).values({ day: shanghaiDate(new Date(now)), capacity: 100, deadline: new Date(now) });
  }, 60_000);
  afterAll(() => app.close());

  it('a rotating code admits in its window and one either side; an older one is QR_EXPIRED, logged as such', async () => {
    const { token: device } = await registerDeviceWithToken(manager);
    const { row, token, secret } = await ticket();
    expect(services().tickets.verify(token)).toMatchObject({ k: 'A', r: PERIOD });
    expect(await scan(device, token)).toMatchObject({ admit: false, reason: 'BAD_SIGNATURE' });
    expect(await scan(device, qrAt(token, secret, now - 60_000))).toMatchObject({ admit: false, reason: 'QR_EXPIRED', entriesToday: 0 });
    expect(await scan(device, qrAt(token, secret, now + 60_000))).toMatchObject({ admit: false, reason: 'QR_EXPIRED' });
    expect(await scan(device, qrAt(token, secret, now - PERIOD * 1000))).toMatchObject({ admit: true, reason: 'ENTRY' });
    expect(await scan(device, qrAt(token, secret, now))).toMatchObject({ admit: true, reason: 'RE_ENTRY' });
    expect(await scan(device, qrAt(token, secret, now + PERIOD * 1000))).toMatchObject({ admit: true, reason: 'RE_ENTRY' });
    const logged = await app.portal.database.db.select({ reason: deviceScans.reason }).from(deviceScans).where(eq(deviceScans.ticketId, row.id));
    expect(logged.filter((entry) => entry.reason === 'QR_EXPIRED')).toHaveLength(2);
  });

  it("an offline scan's code is judged at the device's time corrected by its measured clock offset", async () => {
    const { token: device } = await registerDeviceWithToken(manager);
    const { token, secret } = await ticket();
    // The device's clock runs ten minutes ahead; its heartbeat measures it.
    const ahead = 10 * 60_000;
    expect((await deviceCall(app, device, 'heartbeat', { clock: new Date(now + ahead).toISOString() })).json).toMatchObject({ clockOffsetMs: ahead });
    const scannedAt = now - 5 * 60_000;
    // The phone showed the code of the real time; the device wrote its own clock's time.
    const [kept, expired] = await upload(device, [
      { qr: qrAt(token, secret, scannedAt), at: new Date(scannedAt + ahead), admitted: true },
      { qr: qrAt(token, secret, scannedAt - 10 * 60_000), at: new Date(scannedAt + ahead), admitted: true },
    ]);
    expect(kept).toMatchObject({ offline: true, admit: true, reason: 'ENTRY', conflict: null });
    // The device admitted an expired screenshot: the person is inside, the record says the ticket did not admit then.
    expect(expired).toMatchObject({ offline: true, admit: true, reason: 'QR_EXPIRED', conflict: 'NOT_VALID_AT_SCAN' });
  });

  it('static kinds are unchanged; a printed token is static for a rotating kind; a code on a static token is refused', async () => {
    const { token: device } = await registerDeviceWithToken(manager);
    const badge = await ticket('BADGE');
    expect(await scan(device, badge.token)).toMatchObject({ admit: true, reason: 'ENTRY' });
    expect(await scan(device, rotatingQrText(badge.token, '123456'))).toMatchObject({ admit: false, reason: 'BAD_SIGNATURE' });
    const visitor = await ticket();
    const printed = await services().tickets.printedToken(visitor.row.id);
    expect(services().tickets.verify(printed)).toMatchObject({ k: 'A', p: 1 });
    expect(services().tickets.verify(printed)).not.toHaveProperty('r');
    expect(await scan(device, printed)).toMatchObject({ admit: true, reason: 'ENTRY' });
    await expect(services().tickets.printedToken(randomUUID())).rejects.toMatchObject({ code: 'TICKET_NOT_FOUND' });
  });

  it("the feed carries a secret only with a rotating kind's tickets, the device's direction and the re-entry policies", async () => {
    const { token: device } = await registerDeviceWithToken(manager);
    const visitor = await ticket();
    const badge = await ticket('BADGE');
    const full = (await deviceCall(app, device, 'sync')).json as Feed;
    expect(full.device.direction).toBe('ENTRY');
    expect(full.reentry).toEqual({ VISITOR: { policy: 'UNLIMITED', cooldownMinutes: null }, BADGE: { policy: 'UNLIMITED', cooldownMinutes: null }, IMPORTED: { policy: 'UNLIMITED', cooldownMinutes: null } });
    expect(full.tickets.find((row) => row[2] === visitor.row.id)?.[5]).toBe(visitor.secret);
    expect(full.tickets.find((row) => row[2] === badge.row.id)?.[5]).toBeNull();
    expect(full.tickets.filter((row) => row[0] !== 'A').every((row) => row[5] === null)).toBe(true);

    // Visitor tickets stop rotating (the settings save tells the ledger): the next incremental feed drops their secrets.
    const version = (await deviceCall(app, device, 'sync')).json?.version as number;
    await app.portal.database.db.transaction(async (tx) => {
      await services().show.updateSetting({ ticketGateRules: { ...DEFAULT_TICKET_GATE_RULES, VISITOR: { ...DEFAULT_TICKET_GATE_RULES.VISITOR, rotating: false } } }, tx);
      await services().tickets.rotationChanged(tx, ['VISITOR']);
    });
    try {
      const changed = (await deviceCall(app, device, `sync?since=${version}`)).json as Feed;
      expect(changed.tickets.find((row) => row[2] === visitor.row.id)).toEqual(['A', visitor.row.subjectId, visitor.row.id, 1, null, null, 0]);
      expect(changed.tickets.some((row) => row[0] === 'B')).toBe(false);
    } finally {
      await setRules(DEFAULT_TICKET_GATE_RULES);
    }
  });

  describe('pass-back', () => {
    afterAll(() => setRules(DEFAULT_TICKET_GATE_RULES));

    it('cooldown: no second entry within the minutes at any gate; then a re-entry', async () => {
      await setRules({ BADGE: { rotating: false, reentry: 'COOLDOWN', cooldownMinutes: 5 } });
      const [east, west] = await Promise.all([registerDeviceWithToken(manager), registerDeviceWithToken(manager)]);
      const { row, token } = await ticket('BADGE');
      expect(await scan(east.token, token)).toMatchObject({ admit: true, reason: 'ENTRY' });
      now += 60_000;
      expect(await scan(west.token, token)).toMatchObject({ admit: false, reason: 'PASS_BACK', entriesToday: 1 });
      now += 5 * 60_000;
      expect(await scan(west.token, token)).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2 });
      const reasons = await app.portal.database.db.select({ reason: deviceScans.reason }).from(deviceScans).where(eq(deviceScans.ticketId, row.id));
      expect(reasons.map((entry) => entry.reason).sort()).toEqual(['ENTRY', 'PASS_BACK', 'RE_ENTRY']);
      // The organizer's scan log of the device, newest first, with the ticket's kind.
      const log = await manager.graphql<{ entranceDeviceScans: Array<{ reason: string; admitted: boolean; ticketKind: string | null }> }>(
        'query ($deviceId: ID!) { entranceDeviceScans(deviceId: $deviceId) { reason admitted ticketKind } }',
        { deviceId: west.device.id },
      );
      expect(log.body.data?.entranceDeviceScans).toEqual([
        { reason: 'RE_ENTRY', admitted: true, ticketKind: 'BADGE' },
        { reason: 'PASS_BACK', admitted: false, ticketKind: 'BADGE' },
      ]);
    });

    it('exit first: a second entry only after an exit device scanned the ticket', async () => {
      await setRules({ BADGE: { rotating: false, reentry: 'EXIT_FIRST', cooldownMinutes: null } });
      const gate = await registerDeviceWithToken(manager);
      const exit = await registerDeviceWithToken(manager);
      const updated = await manager.graphql<{ updateEntranceDevice: { direction: string } }>(
        'mutation ($id: ID!, $input: EntranceDeviceInput!) { updateEntranceDevice(id: $id, input: $input) { direction } }',
        { id: exit.device.id, input: { name: exit.device.name, location: 'East hall', kind: 'GATE', direction: 'EXIT', days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'] } },
      );
      expect(updated.body.data?.updateEntranceDevice.direction).toBe('EXIT');
      expect(((await deviceCall(app, exit.token, 'sync')).json as Feed).device.direction).toBe('EXIT');
      const { token } = await ticket('BADGE');
      expect(await scan(gate.token, token)).toMatchObject({ admit: true, reason: 'ENTRY' });
      now += 1000;
      expect(await scan(gate.token, token)).toMatchObject({ admit: false, reason: 'PASS_BACK' });
      now += 1000;
      expect(await scan(exit.token, token)).toMatchObject({ admit: true, reason: 'EXIT', entriesToday: 1 });
      now += 1000;
      expect(await scan(gate.token, token)).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2 });
      now += 1000;
      expect(await scan(gate.token, token)).toMatchObject({ admit: false, reason: 'PASS_BACK' });
    });

    it('offline: a scan the device admitted within the cooldown is kept as a PASS_BACK conflict; one it refused is PASS_BACK', async () => {
      await setRules({ BADGE: { rotating: false, reentry: 'COOLDOWN', cooldownMinutes: 10 } });
      const [online, offline] = await Promise.all([registerDeviceWithToken(manager), registerDeviceWithToken(manager)]);
      const { token } = await ticket('BADGE');
      expect(await scan(online.token, token)).toMatchObject({ admit: true, reason: 'ENTRY' });
      const [admitted, refused] = await upload(offline.token, [
        { qr: token, at: new Date(now - 2 * 60_000), admitted: true },
        { qr: token, at: new Date(now - 60_000), admitted: false },
      ]);
      expect(admitted).toMatchObject({ offline: true, admit: true, conflict: 'PASS_BACK', entriesToday: 2 });
      expect(refused).toMatchObject({ offline: true, admit: false, reason: 'PASS_BACK', conflict: null });
      const figures = await manager.graphql<{ entranceDevices: Array<{ id: string; conflictsToday: number }> }>('{ entranceDevices { id conflictsToday } }');
      expect(figures.body.data?.entranceDevices.find((row) => row.id === offline.device.id)?.conflictsToday).toBe(1);
    });

    it('concurrent scans of one ticket at two gates: exactly one entry, every other PASS_BACK', async () => {
      await setRules({ BADGE: { rotating: false, reentry: 'COOLDOWN', cooldownMinutes: 5 } });
      const gates = await Promise.all([registerDeviceWithToken(manager), registerDeviceWithToken(manager)]);
      const { token } = await ticket('BADGE');
      const SCANS = 20;
      const answers = await Promise.all(Array.from({ length: SCANS }, (_, index) => scan(gates[index % 2]!.token, token)));
      expect(answers.filter((answer) => answer.reason === 'ENTRY')).toHaveLength(1);
      expect(answers.filter((answer) => answer.reason === 'PASS_BACK')).toHaveLength(SCANS - 1);
      expect(answers.every((answer) => answer.entriesToday === 1)).toBe(true);
    });
  });
});
