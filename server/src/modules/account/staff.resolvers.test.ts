import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import type { Role } from '@portal/shared/auth/scopes';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { loginAs } from '../../test/captcha';
import { postPasswordLogin } from '../auth/auth-test-support';
import { auditLog } from '../../db/schema/index';

const LIST = `query ($filter: StaffFilter, $page: Int, $pageSize: Int) { staff(filter: $filter, page: $page, pageSize: $pageSize) { total page pageSize nodes { id name email mobile disabled passwordChanged roles } } }`;
const CREATE = `mutation ($input: CreateStaffInput!) { createStaff(input: $input) { initialPassword staff { id name email mobile roles passwordChanged disabled } } }`;
const UPDATE_ROLES = `mutation ($id: ID!, $roles: [RoleName!]!) { updateStaffRoles(id: $id, roles: $roles) { id roles } }`;
const SET_DISABLED = `mutation ($id: ID!, $disabled: Boolean!) { setStaffDisabled(id: $id, disabled: $disabled) { id disabled } }`;
const RESET = `mutation ($id: ID!) { resetStaffPassword(id: $id) { initialPassword staff { id passwordChanged } } }`;
const CHANGE_PASSWORD = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`;
const PROJECT_SETTINGS = `{ projectSettings { version } }`;

type Errors = Array<{ extensions: { code: string; classification: string } }>;
type Created = { createStaff: { initialPassword: string; staff: { id: string; email: string | null; mobile: string | null; roles: Role[]; passwordChanged: boolean; disabled: boolean } } };

let serial = 0;
const uniqueEmail = () => {
  serial += 1;
  return `staff-${Date.now() % 1e7}-${serial}@example.com`;
};

describe('staff and roles', () => {
  let app: TestApp;
  let admin: TestClient;
  let adminId: string;

  async function organizer(roles: Role[]) {
    const { account, password } = await createAccount(app, 'organizer', { roles });
    const client = app.client();
    await signInDirectly(app, client, account);
    return { client, account, password };
  }

  async function createStaff(roles: Role[] = ['ROLE_PROJECT']) {
    const email = uniqueEmail();
    const { body } = await admin.graphql<Created>(CREATE, { input: { name: '  王 芳 ', email, roles } });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return { ...body.data.createStaff, email };
  }

  const errorCode = (body: { errors?: Errors }) => body.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    app = await createTestApp();
    const signedIn = await organizer(['ROLE_SUPER_ADMIN']);
    admin = signedIn.client;
    adminId = signedIn.account.id;
  }, 60_000);
  afterAll(() => app.close());

  it('every operation is for the super administrator only: other roles and other scopes are refused', async () => {
    const { staff } = await createStaff();
    for (const roles of [['ROLE_PROJECT'], ['ROLE_AUDIENCE', 'ROLE_EXHIBITOR', 'ROLE_TICKET', 'ROLE_HARDWARE']] as Role[][]) {
      const { client } = await organizer(roles);
      for (const [query, variables] of [
        [LIST, {}],
        [CREATE, { input: { name: 'x', email: uniqueEmail(), roles: ['ROLE_SUPER_ADMIN'] } }],
        [UPDATE_ROLES, { id: staff.id, roles: ['ROLE_SUPER_ADMIN'] }],
        [SET_DISABLED, { id: staff.id, disabled: true }],
        [RESET, { id: staff.id }],
      ] as const) {
        const { body } = await client.graphql(query, variables);
        expect(errorCode(body as { errors?: Errors }), query).toBe('FORBIDDEN');
      }
    }
    const visitor = app.client();
    await signInDirectly(app, visitor, (await createAccount(app, 'audience')).account);
    expect(errorCode((await visitor.graphql(LIST)).body as { errors?: Errors })).toBe('FORBIDDEN');
    expect((await app.client().graphql(LIST)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
  });

  it('validates the input: a name, an email or mobile, one role at least, a free identity', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ', email: uniqueEmail(), roles: ['ROLE_PROJECT'] }, 'STAFF_NAME_INVALID'],
      [{ name: 'A', roles: ['ROLE_PROJECT'] }, 'STAFF_IDENTITY_REQUIRED'],
      [{ name: 'A', email: 'not-an-email', roles: ['ROLE_PROJECT'] }, 'AUTH_INVALID_EMAIL'],
      [{ name: 'A', mobile: '12345', roles: ['ROLE_PROJECT'] }, 'STAFF_MOBILE_INVALID'],
      [{ name: 'A', email: uniqueEmail(), roles: [] }, 'STAFF_ROLES_REQUIRED'],
    ];
    for (const [input, code] of cases) {
      expect(errorCode((await admin.graphql(CREATE, { input })).body as { errors?: Errors }), code).toBe(code);
    }
    const { email } = await createStaff();
    expect(errorCode((await admin.graphql(CREATE, { input: { name: 'B', email: email.toUpperCase(), roles: ['ROLE_TICKET'] } })).body as { errors?: Errors })).toBe('ACCOUNT_IDENTITY_TAKEN');
    const { staff } = await createStaff();
    expect(errorCode((await admin.graphql(UPDATE_ROLES, { id: staff.id, roles: [] })).body as { errors?: Errors })).toBe('STAFF_ROLES_REQUIRED');
  });

  it('creates an account whose holder must change the initial password, then sees only what the roles allow; role changes apply at once', async () => {
    const mobile = `136${String(Date.now() % 1e8).padStart(8, '0')}`;
    const { body } = await admin.graphql<Created>(CREATE, { input: { name: '李雷', email: uniqueEmail(), mobile, roles: ['ROLE_PROJECT', 'ROLE_PROJECT'] } });
    const created = body.data?.createStaff;
    expect(created?.staff).toMatchObject({ mobile: `+86${mobile}`, roles: ['ROLE_PROJECT'], passwordChanged: false, disabled: false });
    expect(created?.initialPassword).toMatch(/.{8,}/);

    const holder = app.client();
    await loginAs(holder, `+86${mobile}`, created?.initialPassword ?? '', 'organizer');
    expect(errorCode((await holder.graphql(PROJECT_SETTINGS)).body as { errors?: Errors })).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await holder.graphql(CHANGE_PASSWORD, { input: { currentPassword: encodePasswordForTransport(created?.initialPassword ?? ''), newPassword: encodePasswordForTransport('Fresh12345') } });
    expect(changed.body).toEqual({ data: { changePassword: true } });
    expect((await holder.graphql(PROJECT_SETTINGS)).body.errors).toBeUndefined();
    expect(errorCode((await holder.graphql(LIST)).body as { errors?: Errors })).toBe('FORBIDDEN');

    // Roles are read per request: the very next request follows the change.
    await admin.graphql(UPDATE_ROLES, { id: created?.staff.id, roles: ['ROLE_TICKET'] });
    expect(errorCode((await holder.graphql(PROJECT_SETTINGS)).body as { errors?: Errors })).toBe('FORBIDDEN');
    const updated = await admin.graphql(UPDATE_ROLES, { id: created?.staff.id, roles: ['ROLE_SUPER_ADMIN', 'ROLE_PROJECT'] });
    expect(updated.body.data).toEqual({ updateStaffRoles: { id: created?.staff.id, roles: ['ROLE_PROJECT', 'ROLE_SUPER_ADMIN'] } });
    expect((await holder.graphql(LIST)).body.errors).toBeUndefined();

    const [audit] = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, created?.staff.id ?? ''), eq(auditLog.action, 'staff.create')));
    expect(audit).toMatchObject({ actorId: adminId, subjectType: 'account', detail: { after: { name: '李雷', roles: ['ROLE_PROJECT'], disabled: false } } });
    expect(JSON.stringify(audit)).not.toContain(created?.initialPassword);
    const roleAudits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, created?.staff.id ?? ''), eq(auditLog.action, 'staff.update')));
    expect(roleAudits.map((row) => row.detail)).toContainEqual({ before: expect.objectContaining({ roles: ['ROLE_PROJECT'] }), after: expect.objectContaining({ roles: ['ROLE_TICKET'] }) });
  });

  it('a super administrator cannot remove their own role nor disable themself', async () => {
    expect(errorCode((await admin.graphql(UPDATE_ROLES, { id: adminId, roles: ['ROLE_PROJECT'] })).body as { errors?: Errors })).toBe('STAFF_SELF_LOCKOUT');
    expect(errorCode((await admin.graphql(SET_DISABLED, { id: adminId, disabled: true })).body as { errors?: Errors })).toBe('STAFF_SELF_LOCKOUT');
    const kept = await admin.graphql(UPDATE_ROLES, { id: adminId, roles: ['ROLE_SUPER_ADMIN', 'ROLE_HARDWARE'] });
    expect(kept.body.data).toEqual({ updateStaffRoles: { id: adminId, roles: ['ROLE_HARDWARE', 'ROLE_SUPER_ADMIN'] } });
  });

  it('two super administrators removing each other at once: one wins, the portal keeps a super administrator', async () => {
    const first = await organizer(['ROLE_SUPER_ADMIN']);
    const second = await organizer(['ROLE_SUPER_ADMIN']);
    const results = await Promise.all([
      first.client.graphql(UPDATE_ROLES, { id: second.account.id, roles: ['ROLE_PROJECT'] }),
      second.client.graphql(UPDATE_ROLES, { id: first.account.id, roles: ['ROLE_PROJECT'] }),
    ]);
    const codes = results.map(({ body }) => errorCode(body as { errors?: Errors }) ?? 'OK').sort();
    expect(codes).toEqual(['FORBIDDEN', 'OK']);
    const rolesOf = async (id: string) => (await app.portal.app.services.accounts.rolesOf(id)).map((role) => role.id);
    const stillAdmin = [await rolesOf(first.account.id), await rolesOf(second.account.id)].filter((roles) => roles.includes('ROLE_SUPER_ADMIN'));
    expect(stillAdmin).toHaveLength(1);
  });

  it('disabling ends the sessions and refuses the sign-in; enabling lets the account in again; both audited', async () => {
    const { staff, initialPassword, email } = await createStaff(['ROLE_TICKET']);
    const holder = app.client();
    await loginAs(holder, email, initialPassword, 'organizer');
    const disabled = await admin.graphql(SET_DISABLED, { id: staff.id, disabled: true });
    expect(disabled.body.data).toEqual({ setStaffDisabled: { id: staff.id, disabled: true } });
    expect((await holder.graphql('{ viewer { __typename } }')).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
    const refused = await postPasswordLogin(app.client(), { identity: email, password: initialPassword, scope: 'organizer' });
    expect(refused.status).toBe(403);
    expect(errorCode((await admin.graphql(SET_DISABLED, { id: staff.id, disabled: true })).body as { errors?: Errors })).toBe('STAFF_STATE_UNCHANGED');

    await admin.graphql(SET_DISABLED, { id: staff.id, disabled: false });
    await loginAs(app.client(), email, initialPassword, 'organizer');
    const audits = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.subjectId, staff.id));
    expect(audits.map((row) => row.action).filter((action) => action.startsWith('staff.')).sort()).toEqual(['staff.create', 'staff.disable', 'staff.enable']);
    expect(audits.find((row) => row.action === 'staff.disable')?.detail).toMatchObject({ before: { disabled: false }, after: { disabled: true } });

    const listed = await admin.graphql<{ staff: { total: number; nodes: Array<{ id: string }> } }>(LIST, { filter: { keyword: email, role: 'ROLE_TICKET', disabled: false } });
    expect(listed.body.data?.staff.nodes.map((node) => node.id)).toEqual([staff.id]);
    const none = await admin.graphql<{ staff: { total: number } }>(LIST, { filter: { keyword: email, disabled: true } });
    expect(none.body.data?.staff.total).toBe(0);
  });

  it('a reset gives a new initial password and ends every session of the account; an unknown or non-staff id is refused', async () => {
    const { staff, initialPassword, email } = await createStaff();
    const holder = app.client();
    await loginAs(holder, email, initialPassword, 'organizer');
    const { body } = await admin.graphql<{ resetStaffPassword: { initialPassword: string; staff: { passwordChanged: boolean } } }>(RESET, { id: staff.id });
    const fresh = body.data?.resetStaffPassword.initialPassword ?? '';
    expect(fresh).not.toBe(initialPassword);
    expect((await holder.graphql('{ viewer { __typename } }')).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
    expect((await postPasswordLogin(app.client(), { identity: email, password: initialPassword, scope: 'organizer' })).status).not.toBe(200);
    await loginAs(app.client(), email, fresh, 'organizer');
    const [audit] = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, staff.id), eq(auditLog.action, 'staff.reset_password')));
    expect(audit?.actorId).toBe(adminId);

    const visitor = (await createAccount(app, 'audience')).account;
    expect(errorCode((await admin.graphql(RESET, { id: visitor.id })).body as { errors?: Errors })).toBe('STAFF_NOT_FOUND');
    expect(errorCode((await admin.graphql(SET_DISABLED, { id: '00000000-0000-4000-8000-000000000000', disabled: true })).body as { errors?: Errors })).toBe('STAFF_NOT_FOUND');
  });
});
