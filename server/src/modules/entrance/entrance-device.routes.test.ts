import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, useTwoInstances, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { devices } from '../../db/schema/index';
import { deviceCall, ISSUE_TOKEN, registerDeviceWithToken, REVOKE_TOKEN } from './entrance-test-support';

const HEARTBEAT_FIELDS = `{ entranceDevices { id online lastHeartbeatAt clockOffsetMs feedVersion queuedScans } }`;
type HeartbeatFields = { id: string; online: boolean; lastHeartbeatAt: string | null; clockOffsetMs: number | null; feedVersion: number | null; queuedScans: number | null };

describe('device API: tokens, heartbeat, photos', () => {
  let app: TestApp;
  let manager: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    manager = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
  }, 60_000);
  afterAll(() => app.close());

  it('every call needs a valid bearer token: missing, malformed, unknown and revoked tokens are 401 at once', async () => {
    const { device, token } = await registerDeviceWithToken(manager);
    const beat = { clock: new Date().toISOString() };
    expect((await deviceCall(app, token, 'heartbeat', beat)).status).toBe(200);
    for (const wrong of [undefined, '', 'x', token.slice(1), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      for (const [path, body] of [['heartbeat', beat], ['scan', { scanId: 's', qr: 'q' }], ['scans', { scans: [] }], ['sync', undefined], ['photos/00000000-0000-4000-8000-000000000000', undefined]] as const) {
        const answer = await deviceCall(app, wrong, path, body);
        expect(answer.status, `${path} ${wrong}`).toBe(401);
        expect(answer.json?.code).toBe('DEVICE_TOKEN_INVALID');
        expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    await manager.graphql(REVOKE_TOKEN, { id: device.id });
    expect((await deviceCall(app, token, 'heartbeat', beat)).status).toBe(401);

    const reissued = (await manager.graphql<{ issueDeviceToken: { token: string } }>(ISSUE_TOKEN, { id: device.id })).body.data?.issueDeviceToken.token ?? '';
    expect((await deviceCall(app, reissued, 'heartbeat', beat)).status).toBe(200);
    const replaced = (await manager.graphql<{ issueDeviceToken: { token: string } }>(ISSUE_TOKEN, { id: device.id })).body.data?.issueDeviceToken.token ?? '';
    expect((await deviceCall(app, reissued, 'heartbeat', beat)).status).toBe(401);
    expect((await deviceCall(app, replaced, 'heartbeat', beat)).status).toBe(200);
  });

  it('needs no CSRF header and reads no session cookie: a signed-in organizer without a token is refused', async () => {
    const response = await manager.fetch('/apis/hardware/v1/heartbeat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clock: new Date().toISOString() }) });
    expect(response.status).toBe(401);
    const { token } = await registerDeviceWithToken(manager);
    const crossSite = await fetch(`${app.baseUrl}/apis/hardware/v1/heartbeat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ clock: new Date().toISOString() }),
    });
    // Not the CSRF guard's 403: the body is not JSON, so the schema refuses it.
    expect(crossSite.status).toBe(400);
  });

  it('a heartbeat records the clock offset, the feed version and the queue; the device shows online', async () => {
    const { device, token } = await registerDeviceWithToken(manager);
    const before = (await manager.graphql<{ entranceDevices: HeartbeatFields[] }>(HEARTBEAT_FIELDS)).body.data?.entranceDevices.find((row) => row.id === device.id);
    expect(before).toMatchObject({ online: false, lastHeartbeatAt: null, clockOffsetMs: null });

    const ahead = new Date(Date.now() + 90_000);
    const answer = await deviceCall(app, token, 'heartbeat', { clock: ahead.toISOString(), feedVersion: 42, queuedScans: 3 });
    expect(answer.status).toBe(200);
    const offset = Number(answer.json?.clockOffsetMs);
    expect(offset).toBeGreaterThan(85_000);
    expect(offset).toBeLessThanOrEqual(90_000);
    expect(Math.abs(Date.parse(String(answer.json?.serverTime)) + offset - ahead.getTime())).toBeLessThan(2);

    const after = (await manager.graphql<{ entranceDevices: HeartbeatFields[] }>(HEARTBEAT_FIELDS)).body.data?.entranceDevices.find((row) => row.id === device.id);
    expect(after).toMatchObject({ online: true, clockOffsetMs: offset, feedVersion: 42, queuedScans: 3 });

    // Two minutes without a heartbeat: offline.
    await app.portal.database.db.update(devices).set({ lastHeartbeatAt: sql`now() - interval '121 seconds'` }).where(eq(devices.id, device.id));
    const silent = (await manager.graphql<{ entranceDevices: HeartbeatFields[] }>(HEARTBEAT_FIELDS)).body.data?.entranceDevices.find((row) => row.id === device.id);
    expect(silent?.online).toBe(false);

    // A clock reset to 1970 is recorded as far behind, not refused.
    const reset = await deviceCall(app, token, 'heartbeat', { clock: '1970-01-01T00:00:00Z' });
    expect(reset.json?.clockOffsetMs).toBe(-(2 ** 31 - 1));
    for (const body of [{}, { clock: 'yesterday' }, { clock: ahead.toISOString(), queuedScans: -1 }]) expect((await deviceCall(app, token, 'heartbeat', body)).json?.code).toBe('DEVICE_HEARTBEAT_INVALID');
  });

  it('every field of every call is bounded: a NUL byte, a lone surrogate, a length or a number out of range is a 400 with its code', async () => {
    const { token } = await registerDeviceWithToken(manager);
    const at = new Date().toISOString();
    const offline = (scan: Record<string, unknown>) => ({ scans: [{ scanId: 'offline-1', qr: 'q', at, admitted: true, ...scan }] });
    const refused: Array<[string, unknown, string]> = [
      ['scan', { scanId: 'nul\u0000', qr: 'q' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: '\ud800', qr: 'q' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: 'with space', qr: 'q' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: '扫码', qr: 'q' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: 'x'.repeat(65), qr: 'q' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: 7, qr: 'q' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: 's', qr: 'q\u0000' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: 's', qr: 'q\udc00' }, 'DEVICE_SCAN_INVALID'],
      ['scan', { scanId: 's', qr: 'q'.repeat(2001) }, 'DEVICE_SCAN_INVALID'],
      ['scan', [], 'DEVICE_SCAN_INVALID'],
      ['scan', 'scan', 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ scanId: 'nul\u0000' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ scanId: 'a\ud800b' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ qr: '\u0000' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ at: '0000-01-01T00:00:00Z' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ at: '1969-12-31T23:59:59Z' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ at: '3000-01-01T00:00:00Z' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ at: '2027-02-30T08:00:00+08:00' }), 'DEVICE_SCAN_INVALID'],
      ['scans', offline({ admitted: 'yes' }), 'DEVICE_SCAN_INVALID'],
      ['scans', { scans: Array.from({ length: 501 }, (_, index) => ({ scanId: `s-${index}`, qr: 'q', at, admitted: false })) }, 'DEVICE_SCAN_INVALID'],
      ['scans', { scans: 'all' }, 'DEVICE_SCAN_INVALID'],
      ['heartbeat', { clock: at, queuedScans: 2 ** 31 }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', { clock: at, queuedScans: 1.5 }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', { clock: at, queuedScans: '3' }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', { clock: at, feedVersion: 2 ** 53 }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', { clock: at, feedVersion: -1 }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', { clock: '0000-01-01T00:00:00Z' }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', { clock: '\u0000' }, 'DEVICE_HEARTBEAT_INVALID'],
      ['heartbeat', null, 'DEVICE_HEARTBEAT_INVALID'],
    ];
    for (const [path, body, code] of refused) {
      const answer = await deviceCall(app, token, path, body);
      expect([answer.status, answer.json?.code], `${path} ${JSON.stringify(body).slice(0, 80)}`).toEqual([400, code]);
    }
    for (const since of ['-1', 'abc', '1.5', '1e3', '9007199254740992', '99999999999999999']) {
      const answer = await deviceCall(app, token, `sync?since=${since}`);
      expect([answer.status, answer.json?.code], since).toEqual([400, 'DEVICE_FEED_VERSION_INVALID']);
    }
    // The limits themselves are taken.
    const visible = Array.from({ length: 94 }, (_, index) => String.fromCharCode(0x21 + index)).join('');
    const bounds: Array<[string, unknown]> = [
      ['scan', { scanId: visible.slice(0, 64), qr: `外国二维码 😀 ${'q'.repeat(1990)}` }],
      ['scan', { scanId: visible.slice(30), qr: 'q' }],
      ['scans', offline({ scanId: 'x'.repeat(64), at: '1970-01-01T00:00:00Z', admitted: false })],
      ['heartbeat', { clock: '2999-12-31T23:59:59.999Z', feedVersion: Number.MAX_SAFE_INTEGER, queuedScans: 2 ** 31 - 1 }],
    ];
    for (const [path, body] of bounds) expect((await deviceCall(app, token, path, body)).status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(200);
    expect((await deviceCall(app, token, `sync?since=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
  });

  it('a device cannot fetch the photo of a ticket it did not scan (nor a malformed id)', async () => {
    const { token } = await registerDeviceWithToken(manager);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-ticket', '..%2F..%2Fetc']) {
      const answer = await deviceCall(app, token, `photos/${id}`);
      expect(answer.status, id).toBe(403);
      expect(answer.json?.code).toBe('DEVICE_PHOTO_NOT_ALLOWED');
    }
  });
});

// Two server instances over one PostgreSQL database: a token revoked through one is refused by the
// other on its very next call (PGlite cannot be shared by two instances: this runs where DATABASE_URL is set).
describe.skipIf(!process.env.DATABASE_URL)('device tokens across server instances', () => {
  const instances = useTwoInstances();

  it('a revocation on one instance is refused at once by the other', async () => {
    const manager = (await signedInClient(instances.first, 'organizer', ['ROLE_HARDWARE'])).client;
    const { device, token } = await registerDeviceWithToken(manager);
    const beat = { clock: new Date().toISOString() };
    expect((await deviceCall(instances.second, token, 'heartbeat', beat)).status).toBe(200);
    await manager.graphql(REVOKE_TOKEN, { id: device.id });
    expect((await deviceCall(instances.second, token, 'heartbeat', beat)).status).toBe(401);
    const reissued = (await manager.graphql<{ issueDeviceToken: { token: string } }>(ISSUE_TOKEN, { id: device.id })).body.data?.issueDeviceToken.token ?? '';
    expect((await deviceCall(instances.second, reissued, 'heartbeat', beat)).status).toBe(200);
  });
});
