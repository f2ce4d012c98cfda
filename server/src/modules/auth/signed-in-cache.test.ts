import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/shared/auth/scopes';
import { createTestApp, useTwoInstances, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { SESSION_COOKIE } from './session-cookie';

const VIEWER = `query { viewer { __typename ... on Ouser { roles { id } } } }`;
const CHANGE_PASSWORD = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`;
const UPDATE_ROLES = `mutation ($id: ID!, $roles: [RoleName!]!) { updateStaffRoles(id: $id, roles: $roles) { id roles } }`;
const SET_DISABLED = `mutation ($id: ID!, $disabled: Boolean!) { setStaffDisabled(id: $id, disabled: $disabled) { id disabled } }`;

/** The roles the viewer query answers, or the error's classification. */
async function viewerOf(client: TestClient): Promise<string[] | string> {
  const { body } = await client.graphql<{ viewer: { roles: Array<{ id: string }> } }>(VIEWER);
  return body.errors?.[0]?.extensions.classification ?? (body.data?.viewer.roles ?? []).map((role) => role.id);
}

/** A password as the form sends it (base64). */
const encoded = (password: string) => Buffer.from(password, 'utf8').toString('base64');

/** The same session (cookie) on another instance. */
function sameSessionOn(app: TestApp, client: TestClient) {
  const other = app.client();
  other.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE) ?? '');
  return other;
}

/**
 * Every rule that ends a session or changes what it may do holds at once although signed-in sessions
 * are cached: on every instance (the second part needs PostgreSQL and Redis, as in CI), the request right
 * after the change is answered by the new state.
 */
function ruleTests(instances: () => { first: TestApp; second: TestApp }) {
  async function organizer(roles: Role[] = ['ROLE_AUDIENCE']) {
    const { first, second } = instances();
    const { account, password } = await createAccount(first, 'organizer', { roles });
    const onFirst = first.client();
    await signInDirectly(first, onFirst, account);
    const onSecond = sameSessionOn(second, onFirst);
    // Both caches hold the session now.
    expect(await viewerOf(onFirst)).toEqual(roles);
    expect(await viewerOf(onSecond)).toEqual(roles);
    return { account, password, onFirst, onSecond };
  }

  async function superAdministrator() {
    const { first } = instances();
    const { account } = await createAccount(first, 'organizer', { roles: ['ROLE_SUPER_ADMIN'] });
    const client = first.client();
    await signInDirectly(first, client, account);
    return client;
  }

  it('sign-out ends the session on every instance at once', async () => {
    const { onFirst, onSecond } = await organizer();
    const signedOut = await onFirst.fetch('/apis/auth/logout', { method: 'POST' });
    expect(signedOut.status).toBeLessThan(400);
    expect(await viewerOf(onSecond)).toBe('UNAUTHORIZED');
  });

  it('a password change ends the other sessions on every instance at once', async () => {
    const { first } = instances();
    const { account, password, onSecond } = await organizer();
    const changer = first.client();
    await signInDirectly(first, changer, account);
    const { body } = await changer.graphql(CHANGE_PASSWORD, { input: { currentPassword: encoded(password), newPassword: encoded('Changed12345') } });
    expect(body.errors).toBeUndefined();
    expect(await viewerOf(onSecond)).toBe('UNAUTHORIZED');
    expect(await viewerOf(changer)).toEqual(['ROLE_AUDIENCE']);
  });

  it('a role change applies and disabling ends the session, on every instance at once', async () => {
    const { account, onSecond } = await organizer();
    const admin = await superAdministrator();
    expect((await admin.graphql(UPDATE_ROLES, { id: account.id, roles: ['ROLE_TICKET'] })).body.errors).toBeUndefined();
    expect(await viewerOf(onSecond)).toEqual(['ROLE_TICKET']);
    expect((await admin.graphql(SET_DISABLED, { id: account.id, disabled: true })).body.errors).toBeUndefined();
    expect(await viewerOf(onSecond)).toBe('UNAUTHORIZED');
  });
}

describe('signed-in sessions, cached in the process', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SESSION_IDLE_MINUTES: '10', SESSION_ABSOLUTE_HOURS: '1' });
  }, 60_000);
  afterAll(() => app?.close());
  afterEach(() => vi.restoreAllMocks());

  ruleTests(() => ({ first: app, second: app }));

  it('still ends a cached session at its idle and its absolute limit', async () => {
    const { account } = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] });
    const idle = app.client();
    await signInDirectly(app, idle, account);
    const busy = app.client();
    await signInDirectly(app, busy, account);
    expect(await viewerOf(idle)).toEqual(['ROLE_AUDIENCE']);
    expect(await viewerOf(busy)).toEqual(['ROLE_AUDIENCE']);
    const started = Date.now();
    // Just past the idle limit for a session not used since; the busy one is used every 9 minutes for an hour.
    for (let minutes = 9; minutes < 60; minutes += 9) {
      vi.spyOn(Date, 'now').mockReturnValue(started + minutes * 60_000);
      expect(await viewerOf(busy)).toEqual(['ROLE_AUDIENCE']);
    }
    expect(await viewerOf(idle)).toBe('UNAUTHORIZED');
    vi.spyOn(Date, 'now').mockReturnValue(started + 61 * 60_000);
    expect(await viewerOf(busy)).toBe('UNAUTHORIZED');
  });
});

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('signed-in sessions across two instances sharing Redis', () => {
  const instances = useTwoInstances();

  ruleTests(() => instances);
});
