// The reference gate client driven against a real server over HTTP: sync, online
// scans, deny reasons, offline decisions and the upload that records them, a QR read from a picture,
// two gates admitting the same ticket offline, and the CLI itself (`scan --image`, `run` on stdin).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatingCode, rotatingQrText } from '@portal/shared/ticket/rotating-code';
import type { TicketKind } from '@portal/shared/ticket/ticket.schema';
import { photos } from '../../server/src/db/schema/index';
import { createAccount } from '../../server/src/test/factories';
import { signInDirectly } from '../../server/src/test/sessions';
import { createTestApp, type TestApp, type TestClient } from '../../server/src/test/test-app';
import { freePort } from '../../e2e/support/server-process';
import { DeviceApi, type OfflineScan, type ScanAnswer } from './device-api';
import { loadState } from './device-state';
import { Gate, type GateScan } from './gate';
import { readQrFromImage } from './qr-image';

const DAY_ONE = '2027-04-10';
const DAY_TWO = '2027-04-11';
/** Applications are filed a month before the show; the gates scan at 09:00 Beijing time on day one. */
const FILING_TIME = new Date('2027-03-01T04:00:00Z');
const SCAN_TIME = new Date(`${DAY_ONE}T09:00:00+08:00`);
const ORIGIN = { ip: '127.0.0.1', requestId: 'device-test' };
const ALL_KINDS: TicketKind[] = ['VISITOR', 'BADGE', 'IMPORTED'];

let app: TestApp;
let organizer: TestClient;
let stateDir: string;
let sequence = 0;

async function organizerGraphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const { body } = await organizer.graphql<T>(query, variables);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A device registered and given a token through the organizers' GraphQL, as /wo/hardware/list does. */
async function deviceToken(options: { ticketKinds?: TicketKind[]; days?: string[] } = {}): Promise<string> {
  sequence += 1;
  const input = { name: `Gate ${sequence}`, location: 'East hall', kind: 'GATE', days: options.days ?? [], ticketKinds: options.ticketKinds ?? ALL_KINDS };
  const { registerEntranceDevice } = await organizerGraphql<{ registerEntranceDevice: { id: string } }>(
    'mutation ($input: EntranceDeviceInput!) { registerEntranceDevice(input: $input) { id } }',
    { input },
  );
  const { issueDeviceToken } = await organizerGraphql<{ issueDeviceToken: { token: string } }>('mutation ($id: ID!) { issueDeviceToken(id: $id) { token } }', {
    id: registerEntranceDevice.id,
  });
  return issueDeviceToken.token;
}

/** A gate with its own state file; `server` defaults to the test server (a closed port plays "unreachable"). */
function gate(token: string, statePath = join(stateDir, `${randomUUID()}.json`), server = app.baseUrl): Gate {
  return Gate.open(new DeviceApi({ server, token, timeoutMs: 5000 }), statePath, () => new Date(app.portal.app.services.clock.now()));
}

/** A mainland ID number with a valid GB 11643 check character. */
function mainlandId(): string {
  const first17 = `11010519900506${String(sequence % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return first17 + '10X98765432'.charAt(sum % 11);
}

/** A visitor whose application for `days` was approved; returns the QR text of the VIP ticket and the visitor's client. */
async function approvedVisitor(name: string, days: string[]) {
  sequence += 1;
  const services = app.portal.app.services;
  const clock = services.clock;
  const { account } = await createAccount(app, 'audience');
  const photo = async (purpose: 'ENTRY_CARD' | 'ID_CARD') => {
    const [row] = await app.portal.database.db
      .insert(photos)
      .values({ ownerId: account.id, purpose, storageKey: `test/${randomUUID()}`, contentType: 'image/jpeg', width: 600, height: 800, bytes: 50_000 })
      .returning();
    return row!.id;
  };
  const code = `DEV-${randomUUID().slice(0, 8).toUpperCase()}`;
  await services.activationCodes.insert([code], 'device-test');
  const reviewer = (await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] })).account;
  const scanNow = clock.now;
  clock.now = () => FILING_TIME.getTime();
  try {
    const audience = await services.applications.submit(await services.accounts.viewerOf(account), {
      name,
      mobile: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      email: 'visitor@example.com',
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(),
      entryPhotoId: await photo('ENTRY_CARD'),
      idPhotoId: await photo('ID_CARD'),
      visitDates: days,
      activationCode: code,
      truthConfirmed: true,
      sensitiveConsent: true,
    });
    await services.review.approve(await services.accounts.viewerOf(reviewer), { ids: [audience.id] }, ORIGIN);
  } finally {
    clock.now = scanNow;
  }
  const visitor = app.client();
  await signInDirectly(app, visitor, account);
  const { body } = await visitor.graphql<{ viewer: { audience: { ticket: HolderTicket | null; admissions: unknown[] } } }>(
    'query { viewer { ... on User { audience { ticket { token qrSecret qrPeriodSeconds } admissions { id } } } } }',
  );
  const ticket = body.data?.viewer.audience.ticket;
  if (!ticket?.qrSecret || !ticket.qrPeriodSeconds) throw new Error(`no rotating ticket: ${JSON.stringify(body)}`);
  // Visitor tickets rotate by default: the QR the page shows at the server's (test) clock.
  return { qr: qrAt(ticket, services.clock.now()), ticket, visitor };
}

interface HolderTicket {
  token: string;
  qrSecret: string | null;
  qrPeriodSeconds: number | null;
}

/** A rotating ticket's QR text at an instant, as the holder's page draws it. */
function qrAt(ticket: HolderTicket, atMs: number): string {
  return rotatingQrText(ticket.token, rotatingCode(ticket.qrSecret ?? '', atMs, ticket.qrPeriodSeconds ?? 0));
}

async function admissionsOf(visitor: TestClient) {
  const { body } = await visitor.graphql<{ viewer: { audience: { admissions: Array<{ day: string; gate: string | null; reEntry: boolean }> } } }>(
    'query { viewer { ... on User { audience { admissions { day gate reEntry } } } } }',
  );
  return body.data?.viewer.audience.admissions ?? [];
}

/** The QR with one character of its signature changed (the code after it kept). */
function tampered(qr: string): string {
  const [body, signature = '', code] = qr.split('.');
  const changed = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
  return [body, changed, ...(code ? [code] : [])].join('.');
}

async function closedPort(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

beforeAll(async () => {
  app = await createTestApp();
  app.portal.app.services.clock.now = () => SCAN_TIME.getTime();
  for (const day of [DAY_ONE, DAY_TWO]) {
    await app.portal.app.services.show.upsertShowDay({ day, capacity: 100, deadline: new Date(`${day}T09:00:00+08:00`) });
  }
  const { account } = await createAccount(app, 'organizer', { roles: ['ROLE_HARDWARE', 'ROLE_TICKET'] });
  organizer = app.client();
  await signInDirectly(app, organizer, account);
  stateDir = mkdtempSync(join(tmpdir(), 'device-client-test-'));
});

afterAll(async () => {
  await app?.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

describe('the reference device client', () => {
  it('syncs the full feed, then only what changed, and beats', async () => {
    await approvedVisitor('同步访客', [DAY_ONE]);
    const device = gate(await deviceToken());
    const full = await device.sync();
    expect(full).toMatchObject({ full: true, day: DAY_ONE });
    expect(full.held).toBeGreaterThanOrEqual(1);
    expect(full.version).toBeGreaterThan(0);

    const unchanged = await device.sync();
    expect(unchanged).toMatchObject({ full: false, received: 0, held: full.held, version: full.version });

    await approvedVisitor('后来的访客', [DAY_ONE]);
    const changed = await device.sync();
    expect(changed).toMatchObject({ full: false, received: 1, held: full.held + 1 });
    expect(changed.version).toBeGreaterThan(full.version);
    // The heartbeat reports the feed version and the queue; the device's clock is the server's here.
    expect(await device.heartbeat()).toMatchObject({ clockOffsetMs: 0 });
  });

  it('admits an approved visitor online, then counts a re-entry', async () => {
    const { qr, visitor } = await approvedVisitor('张伟', [DAY_ONE]);
    const device = gate(await deviceToken());
    const first = await device.scan(qr);
    expect(first).toMatchObject({ admit: true, reason: 'ENTRY', offline: false, entriesToday: 1, day: DAY_ONE, ticket: { kind: 'VISITOR', holderName: '张伟' } });
    const again = await device.scan(qr);
    expect(again).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2 });
    expect((await admissionsOf(visitor)).map((row) => row.reEntry).sort()).toEqual([false, true]);
  });

  it('passes the deny reasons through', async () => {
    const { qr } = await approvedVisitor('李娜', [DAY_TWO]);
    const everything = gate(await deviceToken());
    expect(await everything.scan(qr)).toMatchObject({ admit: false, reason: 'DAY_NOT_SELECTED' });
    expect(await everything.scan(tampered(qr))).toMatchObject({ admit: false, reason: 'BAD_SIGNATURE', ticket: null });

    const { qr: today } = await approvedVisitor('王芳', [DAY_ONE]);
    expect(await gate(await deviceToken({ ticketKinds: ['BADGE'] })).scan(today)).toMatchObject({ admit: false, reason: 'DEVICE_KIND_NOT_ALLOWED' });
    expect(await gate(await deviceToken({ days: [DAY_TWO] })).scan(today)).toMatchObject({ admit: false, reason: 'DEVICE_DAY_NOT_ALLOWED' });
  });

  it('decides offline from the feed, queues, and records the scans once uploaded (idempotent)', async () => {
    const { qr, visitor } = await approvedVisitor('赵敏', [DAY_ONE]);
    const { qr: otherDay } = await approvedVisitor('钱进', [DAY_TWO]);
    const token = await deviceToken();
    const statePath = join(stateDir, 'offline-gate.json');
    await gate(token, statePath).sync();

    // The server is unreachable: the same state file, a closed port.
    const offline = gate(token, statePath, await closedPort());
    const entry: GateScan = await offline.scan(qr);
    expect(entry).toMatchObject({ admit: true, reason: 'ENTRY', offline: true, entriesToday: 1, ticket: { kind: 'VISITOR', holderName: null } });
    expect(await offline.scan(qr)).toMatchObject({ admit: true, reason: 'RE_ENTRY', offline: true, entriesToday: 2 });
    expect(await offline.scan(otherDay)).toMatchObject({ admit: false, reason: 'DAY_NOT_SELECTED', offline: true });
    expect(await offline.scan(tampered(qr))).toMatchObject({ admit: false, reason: 'BAD_SIGNATURE', offline: true });
    expect(offline.queuedScans).toBe(4);
    expect(await admissionsOf(visitor)).toEqual([]);

    // Back online (a restart: the queue comes from the state file).
    const back = gate(token, statePath);
    expect(back.queuedScans).toBe(4);
    const queued: OfflineScan[] = loadState(statePath).queue;
    const uploaded = await back.upload();
    expect(uploaded.uploaded).toBe(4);
    expect(uploaded.results.map((answer) => [answer.admit, answer.reason])).toEqual([
      [true, 'ENTRY'],
      [true, 'RE_ENTRY'],
      [false, 'DAY_NOT_SELECTED'],
      [false, 'BAD_SIGNATURE'],
    ]);
    expect(back.queuedScans).toBe(0);
    const recorded = await admissionsOf(visitor);
    expect(recorded).toHaveLength(2);

    // The same scans sent again (a crash before the queue was saved): the same answers, nothing recorded twice.
    const again: ScanAnswer[] = await new DeviceApi({ server: app.baseUrl, token }).uploadScans(queued);
    expect(again).toEqual(uploaded.results);
    expect(await admissionsOf(visitor)).toHaveLength(2);
    expect((await back.upload()).uploaded).toBe(0);
  });

  it('keeps both entries when two gates admitted the same ticket offline, with the conflict recorded', async () => {
    const { qr, visitor } = await approvedVisitor('孙丽', [DAY_ONE]);
    const unreachable = await closedPort();
    const [north, south] = await Promise.all([deviceToken(), deviceToken()]);
    const paths = [join(stateDir, 'north.json'), join(stateDir, 'south.json')];
    await gate(north, paths[0]).sync();
    await gate(south, paths[1]).sync();
    expect(await gate(north, paths[0], unreachable).scan(qr)).toMatchObject({ admit: true, reason: 'ENTRY', offline: true });
    expect(await gate(south, paths[1], unreachable).scan(qr)).toMatchObject({ admit: true, reason: 'ENTRY', offline: true });

    const [first] = (await gate(north, paths[0]).upload()).results;
    const [second] = (await gate(south, paths[1]).upload()).results;
    expect(first).toMatchObject({ admit: true, reason: 'ENTRY', conflict: null });
    expect(second).toMatchObject({ admit: true, conflict: 'DUPLICATE_ENTRY', entriesToday: 2 });
    expect(await admissionsOf(visitor)).toHaveLength(2);
  });

  it('reads the QR from a picture, on the command line too', async () => {
    const { qr } = await approvedVisitor('周杰', [DAY_ONE]);
    const picture = join(stateDir, 'ticket.png');
    writeFileSync(picture, await QRCode.toBuffer(qr, { type: 'png', margin: 4, scale: 6 }));
    expect(await readQrFromImage(picture)).toBe(qr);
    // Grey, 16-bit and cut-out (dark modules on a transparent ground) pictures read as well.
    const cutOut = await QRCode.toBuffer(qr, { type: 'png', margin: 4, scale: 6, color: { dark: '#000000ff', light: '#00000000' } });
    const variants = { grey: sharp(picture).greyscale(), grey16: sharp(picture).greyscale().toColourspace('grey16'), cutOut: sharp(cutOut) };
    for (const [name, image] of Object.entries(variants)) {
      const file = join(stateDir, `ticket-${name}.png`);
      await image.png().toFile(file);
      expect(await readQrFromImage(file), name).toBe(qr);
    }

    const token = await deviceToken();
    const answer = JSON.parse(await cli(['scan', '--image', picture, '--json'], token)) as GateScan;
    // The server (in this process) decides at its test clock: day one at 09:00.
    expect(answer).toMatchObject({ admit: true, reason: 'ENTRY', offline: false, ticket: { holderName: '周杰' } });

    // The same screenshot decided from the feed as if the device's clock read a time: in its window it admits,
    // two windows later (beyond the tolerance of one) it is refused as expired.
    const statePath = join(stateDir, `${randomUUID()}.json`);
    await cli(['sync', '--json'], token, undefined, statePath);
    const decidedAt = async (atMs: number) => JSON.parse(await cli(['scan', '--image', picture, '--at', new Date(atMs).toISOString(), '--json'], token, undefined, statePath)) as GateScan;
    expect(await decidedAt(SCAN_TIME.getTime())).toMatchObject({ admit: true, reason: 'ENTRY', offline: true });
    expect(await decidedAt(SCAN_TIME.getTime() + 61_000)).toMatchObject({ admit: false, reason: 'QR_EXPIRED', offline: true });
  }, 90_000);

  it('offline: the cooldown from its own scans, the code checked at the clock corrected by the measured offset', async () => {
    const services = app.portal.app.services;
    const rules = (await services.show.gateSettings()).rules;
    await services.show.updateSetting({ ticketGateRules: { ...rules, VISITOR: { rotating: true, reentry: 'COOLDOWN', cooldownMinutes: 5 } } });
    try {
      const { ticket } = await approvedVisitor('郑爽', [DAY_ONE]);
      const token = await deviceToken();
      const statePath = join(stateDir, `${randomUUID()}.json`);
      // The device's clock runs ten minutes ahead of the server's; its heartbeat measures it.
      const ahead = 10 * 60_000;
      const online = Gate.open(new DeviceApi({ server: app.baseUrl, token }), statePath, () => new Date(services.clock.now() + ahead));
      await online.sync();
      expect(await online.heartbeat()).toMatchObject({ clockOffsetMs: ahead });
      const offline = Gate.open(new DeviceApi({ server: await closedPort(), token }), statePath, () => new Date(services.clock.now() + ahead));
      // The phone shows the code of the real time: admitted (uncorrected, the device's clock would find it expired).
      expect(await offline.scan(qrAt(ticket, services.clock.now()))).toMatchObject({ admit: true, reason: 'ENTRY', offline: true });
      expect(await offline.scan(qrAt(ticket, services.clock.now()))).toMatchObject({ admit: false, reason: 'PASS_BACK', offline: true, entriesToday: 1 });
      const [entry, passBack] = (await Gate.open(new DeviceApi({ server: app.baseUrl, token }), statePath).upload()).results;
      expect(entry).toMatchObject({ admit: true, reason: 'ENTRY', conflict: null });
      expect(passBack).toMatchObject({ admit: false, reason: 'PASS_BACK' });
    } finally {
      await services.show.updateSetting({ ticketGateRules: rules });
    }
  });

  it('runs on standard input as a USB scanner types: a sync, a heartbeat, then one answer per line', async () => {
    const { qr } = await approvedVisitor('吴刚', [DAY_ONE]);
    const token = await deviceToken();
    const lines = (await cli(['run', '--json'], token, `${qr}\n${tampered(qr)}\n`)).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ full: true });
    // The CLI's clock is the real one, the server's the test's, months apart: the offset is shown, the beat accepted.
    expect(lines.some((line) => 'heartbeat' in line)).toBe(true);
    const scans = lines.filter((line) => 'scanId' in line);
    expect(scans.map((line) => line.reason)).toEqual(['ENTRY', 'BAD_SIGNATURE']);
  }, 90_000);
});

const execFileAsync = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * `npm run device -- …` without npm's banner: tsx on the CLI, as the root script runs it (a generous
 * time-out: on a loaded machine a slow answer must not turn the scan into an offline one).
 */
async function cli(args: string[], token: string, input?: string, statePath = join(stateDir, `${randomUUID()}.json`)): Promise<string> {
  const child = execFileAsync(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['device/src/cli.ts', ...args, '--timeout', '20000', '--server', app.baseUrl, '--state', statePath], {
    cwd: repoRoot,
    env: { ...process.env, PORTAL_DEVICE_TOKEN: token },
  });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  return (await child).stdout;
}
