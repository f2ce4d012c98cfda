import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@portal/shared/auth/scopes';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { auditLog, devices } from '../../db/schema/index';
import { DEVICE_FIELDS, ISSUE_TOKEN, REGISTER, REVOKE_TOKEN, uniqueDeviceName } from './entrance-test-support';

const LIST = `{ entranceDevices { ${DEVICE_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: EntranceDeviceInput!) { updateEntranceDevice(id: $id, input: $input) { ${DEVICE_FIELDS} } }`;

type Errors = Array<{ extensions: { code: string; classification: string } }>;
type Device = { id: string; name: string; location: string; kind: string; days: string[]; ticketKinds: string[]; hasToken: boolean; online: boolean; conflictsToday: number; scansToday: unknown[] };
const errorCode = (body: { errors?: Errors }) => body.errors?.[0]?.extensions.code;

describe('entrance devices (GraphQL, ROLE_HARDWARE)', () => {
  let app: TestApp;
  let manager: TestClient;

  const input = (overrides: Record<string, unknown> = {}) => ({ name: uniqueDeviceName(), location: ' East hall, lane 3 ', kind: 'GATE', days: ['2030-05-02', '2030-05-01', '2030-05-01'], ticketKinds: ['VISITOR', 'BADGE'], ...overrides });

  async function register(overrides: Record<string, unknown> = {}) {
    const { body } = await manager.graphql<{ registerEntranceDevice: Device }>(REGISTER, { input: input(overrides) });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.registerEntranceDevice;
  }

  beforeAll(async () => {
    app = await createTestApp();
    manager = (await signedInClient(app, 'organizer', ['ROLE_HARDWARE'])).client;
  }, 60_000);
  afterAll(() => app.close());

  it('every operation needs ROLE_HARDWARE: other roles (the super administrator too) and other scopes are refused', async () => {
    const device = await register();
    const operations = [
      [LIST, {}],
      [REGISTER, { input: input() }],
      [UPDATE, { id: device.id, input: input() }],
      [ISSUE_TOKEN, { id: device.id }],
      [REVOKE_TOKEN, { id: device.id }],
    ] as const;
    for (const roles of [['ROLE_SUPER_ADMIN'], ['ROLE_AUDIENCE', 'ROLE_EXHIBITOR', 'ROLE_TICKET', 'ROLE_PROJECT']] as Role[][]) {
      const { client } = await signedInClient(app, 'organizer', roles);
      for (const [query, variables] of operations) expect(errorCode((await client.graphql(query, variables)).body as { errors?: Errors }), query).toBe('FORBIDDEN');
    }
    for (const scope of ['exhibitor', 'audience'] as const) {
      const { client } = await signedInClient(app, scope);
      for (const [query, variables] of operations) expect(errorCode((await client.graphql(query, variables)).body as { errors?: Errors }), query).toBe('FORBIDDEN');
    }
    for (const [query, variables] of operations) expect((await app.client().graphql(query, variables)).body.errors?.[0]?.extensions.classification, query).toBe('UNAUTHORIZED');
    expect(await app.portal.database.db.select().from(devices).where(eq(devices.id, device.id))).toMatchObject([{ tokenHash: null }]);
  });

  it('registers, lists and edits a device; every change is audited before and after', async () => {
    const device = await register({ kind: 'HANDHELD' });
    expect(device).toMatchObject({ location: 'East hall, lane 3', kind: 'HANDHELD', days: ['2030-05-01', '2030-05-02'], ticketKinds: ['BADGE', 'VISITOR'], hasToken: false, online: false, scansToday: [], conflictsToday: 0 });

    const renamed = uniqueDeviceName();
    const { body } = await manager.graphql<{ updateEntranceDevice: Device }>(UPDATE, { id: device.id, input: input({ name: renamed, kind: 'FACE_TERMINAL', days: [], ticketKinds: ['IMPORTED'] }) });
    expect(body.data?.updateEntranceDevice).toMatchObject({ id: device.id, name: renamed, kind: 'FACE_TERMINAL', days: [], ticketKinds: ['IMPORTED'] });

    const listed = (await manager.graphql<{ entranceDevices: Device[] }>(LIST)).body.data?.entranceDevices ?? [];
    expect(listed.find((row) => row.id === device.id)?.name).toBe(renamed);
    expect(listed.map((row) => row.name)).toEqual([...listed.map((row) => row.name)].sort());

    const audited = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'device'), eq(auditLog.subjectId, device.id)));
    expect(audited.map((row) => row.action).sort()).toEqual(['device.register', 'device.update']);
    expect(audited.find((row) => row.action === 'device.update')?.detail).toMatchObject({ before: { kind: 'HANDHELD' }, after: { kind: 'FACE_TERMINAL', name: renamed } });
  });

  it('validates the input: a free name, a location, dates, one ticket kind at least; an unknown device', async () => {
    const taken = await register();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'DEVICE_NAME_INVALID'],
      [{ name: taken.name }, 'DEVICE_NAME_TAKEN'],
      [{ location: '' }, 'DEVICE_LOCATION_INVALID'],
      [{ days: ['2030-02-30'] }, 'DEVICE_DAYS_INVALID'],
      [{ ticketKinds: [] }, 'DEVICE_KINDS_REQUIRED'],
    ];
    for (const [overrides, code] of cases) expect(errorCode((await manager.graphql(REGISTER, { input: input(overrides) })).body as { errors?: Errors }), code).toBe(code);
    const other = await register();
    expect(errorCode((await manager.graphql(UPDATE, { id: other.id, input: input({ name: taken.name }) })).body as { errors?: Errors })).toBe('DEVICE_NAME_TAKEN');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect(errorCode((await manager.graphql(ISSUE_TOKEN, { id })).body as { errors?: Errors })).toBe('DEVICE_NOT_FOUND');
    }
  });

  it('a token is shown once and stored as its SHA-256 only; issuing again replaces it, revoking clears it (audited)', async () => {
    const device = await register();
    const first = (await manager.graphql<{ issueDeviceToken: { token: string; device: Device } }>(ISSUE_TOKEN, { id: device.id })).body.data?.issueDeviceToken;
    expect(first?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first?.device.hasToken).toBe(true);
    const [stored] = await app.portal.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(first?.token ?? '').digest('hex'));

    const second = (await manager.graphql<{ issueDeviceToken: { token: string } }>(ISSUE_TOKEN, { id: device.id })).body.data?.issueDeviceToken;
    expect(second?.token).not.toBe(first?.token);
    const revoked = (await manager.graphql<{ revokeDeviceToken: Device }>(REVOKE_TOKEN, { id: device.id })).body.data?.revokeDeviceToken;
    expect(revoked).toMatchObject({ hasToken: false, tokenIssuedAt: null });

    const audited = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'device'), eq(auditLog.subjectId, device.id)));
    expect(audited.map((row) => row.action).sort()).toEqual(['device.register', 'device.token_issue', 'device.token_issue', 'device.token_revoke']);
    expect(JSON.stringify(audited.map((row) => row.detail))).not.toContain(second?.token ?? '?');
  });

  it('devices registered with the old preselection (visitors and staff) and never edited admit imported tickets after the migration', async () => {
    const kept = await register({ ticketKinds: ['VISITOR', 'BADGE'] });
    const chosen = await register({ ticketKinds: ['VISITOR', 'BADGE'] });
    expect((await manager.graphql(UPDATE, { id: chosen.id, input: input({ name: chosen.name, ticketKinds: ['BADGE', 'VISITOR'] }) })).body.errors).toBeUndefined();
    const visitorsOnly = await register({ ticketKinds: ['VISITOR'] });
    const migration = readFileSync(new URL('../../../drizzle/0029_every_kind_for_default_devices.sql', import.meta.url), 'utf8');
    await app.portal.database.db.execute(sql.raw(migration));
    const kinds = async (id: string) => (await app.portal.database.db.select({ ticketKinds: devices.ticketKinds }).from(devices).where(eq(devices.id, id)))[0]?.ticketKinds;
    expect(await kinds(kept.id)).toEqual(['BADGE', 'IMPORTED', 'VISITOR']);
    expect(await kinds(chosen.id)).toEqual(['BADGE', 'VISITOR']);
    expect(await kinds(visitorsOnly.id)).toEqual(['VISITOR']);
  });
});
