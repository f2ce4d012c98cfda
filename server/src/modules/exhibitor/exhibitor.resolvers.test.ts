import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import type { Role } from '@portal/shared/auth/scopes';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { loginAs, solveCaptcha } from '../../test/captcha';
import { latestCodeSentTo, postPasswordLogin } from '../auth/auth-test-support';
import { auditLog, badges, notices, photos } from '../../db/schema/index';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';
import { badgeRow } from '../../test/badge-rows';
import { sheetTexts } from '../../lib/xlsx-stream.test-support';

const REGISTER = `mutation ($input: RegisterExhibitorInput!) { registerExhibitor(input: $input) { __typename ... on Xuser { email mobile passwordLastUpdateAt exhibitor { status nameZh contactName contactMobile contactEmail credentialLimit } } } }`;
const LIST = `query ($filter: ExhibitorFilter, $page: Int, $pageSize: Int) { exhibitors(filter: $filter, page: $page, pageSize: $pageSize) { total page pageSize nodes { id nameZh status bootNumber credentialLimit usedCredentials contactName accounts { email mobile disabled passwordChanged } } } }`;
const CREATE = `mutation ($input: CreateExhibitorInput!) { createExhibitor(input: $input) { initialPassword exhibitor { id status nameZh bootNumber credentialLimit accounts { email mobile passwordChanged } } } }`;
const UPDATE = `mutation ($input: UpdateExhibitorInput!) { updateExhibitor(input: $input) { id nameZh nameEn bootNumber credentialLimit } }`;
const APPROVE = `mutation ($id: ID!) { approveExhibitor(id: $id) { id status } }`;
const APPROVE_MANY = `mutation ($ids: [ID!]!) { approveExhibitors(ids: $ids) { id status } }`;
const SET_ENABLED = `mutation ($id: ID!, $enabled: Boolean!) { setExhibitorEnabled(id: $id, enabled: $enabled) { id status } }`;
const RESET = `mutation ($id: ID!) { resetExhibitorPassword(id: $id) { initialPassword } }`;
const CHANGE_PASSWORD = `mutation ($input: ChangePasswordInput!) { changePassword(input: $input) }`;
const BADGE_LIST = `{ ownBadges { total used limit } }`;
const SAVE_BADGE = `mutation ($input: BadgeInput!) { saveBadge(input: $input) { id } }`;

type Errors = Array<{ message: string; extensions: { code: string; classification: string; params?: Record<string, unknown> } }>;
type Created = { createExhibitor: { initialPassword: string; exhibitor: { id: string; status: string; accounts: Array<{ email: string | null; mobile: string | null; passwordChanged: boolean }> } } };

let serial = 0;
const unique = () => {
  serial += 1;
  return `${Date.now() % 1e6}${serial}`;
};

describe('exhibitor accounts', () => {
  let app: TestApp;
  let manager: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    manager = await organizer(['ROLE_EXHIBITOR']);
  }, 60_000);
  afterAll(() => app.close());

  const organizer = async (roles: Role[]) => (await signedInClient(app, 'organizer', roles)).client;

  function companyInput(overrides: Record<string, unknown> = {}) {
    const id = unique();
    return { nameZh: `测试摩托 ${id}`, nameEn: `Test Moto ${id}`, contactName: '王经理', contactEmail: `sales${id}@moto.example.com`, contactMobile: `1390${id.padStart(7, '0').slice(-7)}`, bootNumber: 'C-12', limitOverride: 3, limitOverrideReason: '老展商', ...overrides };
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const input = companyInput(overrides);
    const { body } = await manager.graphql<Created>(CREATE, { input });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return { input, ...body.data.createExhibitor };
  }

  /** Registers a company through the code sent to its email, as the registration screen does. */
  async function register(client: TestClient, overrides: Record<string, unknown> = {}) {
    const input = { ...companyInput(), codeSentTo: 'email', password: encodePasswordForTransport('Company2025'), ...overrides };
    delete (input as Record<string, unknown>).bootNumber;
    delete (input as Record<string, unknown>).limitOverride;
    delete (input as Record<string, unknown>).limitOverrideReason;
    const identity = input.codeSentTo === 'email' ? input.contactEmail : input.contactMobile;
    const sent = await client.postForm('/apis/auth/code', { identity, captcha: await solveCaptcha(client), purpose: 'register', scope: 'exhibitor' });
    expect(sent.status).toBe(200);
    const code = await latestCodeSentTo(client, String(identity));
    return { input, ...(await client.graphql<{ registerExhibitor: Record<string, unknown> }>(REGISTER, { input: { ...input, code } })) };
  }

  describe('self-registration', () => {
    it('creates a PENDING company signed in with the verified email; other contacts stay contacts', async () => {
      const client = app.client();
      const { input, body } = await register(client);
      expect(body.errors).toBeUndefined();
      expect(body.data?.registerExhibitor).toMatchObject({
        __typename: 'Xuser',
        email: input.contactEmail,
        mobile: null,
        exhibitor: { status: 'PENDING', nameZh: input.nameZh, contactName: '王经理', contactMobile: `+86${input.contactMobile}`, contactEmail: input.contactEmail, credentialLimit: 2 },
      });
      // A self-chosen password is not an initial one.
      expect(body.data?.registerExhibitor.passwordLastUpdateAt).toEqual(expect.any(String));
      expect((await client.graphql(`{ viewer { __typename } }`)).body.data).toEqual({ viewer: { __typename: 'Xuser' } });
    });

    it('verifies the mobile when the code went there', async () => {
      const { input, body } = await register(app.client(), { codeSentTo: 'mobile' });
      expect(body.data?.registerExhibitor).toMatchObject({ email: null, mobile: `+86${input.contactMobile}` });
    });

    it('refuses a wrong code, a missing captcha for the code and a closed registration', async () => {
      const client = app.client();
      const input = { ...companyInput(), codeSentTo: 'email', password: encodePasswordForTransport('Company2025'), code: '000000' };
      delete (input as Record<string, unknown>).bootNumber;
      delete (input as Record<string, unknown>).limitOverride;
    delete (input as Record<string, unknown>).limitOverrideReason;
      const unsent = await client.graphql(REGISTER, { input });
      expect((unsent.body.errors as Errors)[0]?.extensions.code).toBe('AUTH_WRONG_IDENTITY_OR_CODE');
      await client.postForm('/apis/auth/code', { identity: input.contactEmail, captcha: await solveCaptcha(client), purpose: 'register', scope: 'exhibitor' });
      const sent = await latestCodeSentTo(client, input.contactEmail);
      const wrong = await client.graphql(REGISTER, { input: { ...input, code: sent === '000000' ? '111111' : '000000' } });
      expect((wrong.body.errors as Errors)[0]?.extensions.code).toBe('AUTH_WRONG_CODE');
      const noCaptcha = await client.postForm('/apis/auth/code', { identity: input.contactEmail, captcha: '', purpose: 'register', scope: 'exhibitor' });
      expect(noCaptcha.status).toBe(400);

      await app.portal.app.services.show.updateSetting({ exhibitorRegOpen: false });
      try {
        const closed = await register(app.client({ locale: 'zh-CN' }));
        expect((closed.body.errors as Errors)[0]).toMatchObject({ message: '展商注册已关闭', extensions: { code: 'EXHIBITOR_REG_CLOSED' } });
      } finally {
        await app.portal.app.services.show.updateSetting({ exhibitorRegOpen: true });
      }
    });

    it('keeps a pending company from filing a badge until an organizer approves it', async () => {
      const client = app.client();
      const { input: registered } = await register(client);
      const sample = demoSample(2);
      const face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
      const [entry, idPhoto] = [(await uploadPicture(client, 'BADGE', face)).id, (await uploadPicture(client, 'BADGE_ID', face)).id];
      const badge = {
        name: '张三', namePinyin: 'Zhang San', countryCode: '+86', phoneNumber: '13800001234', email: 'staff@example.com', idType: 'PASSPORT', idNumber: `E${unique()}`,
        country: 'CN', deptName: '销售部', position: '经理', companyNameZh: registered.nameZh, companyNameEn: registered.nameEn,
        entryPhotoId: entry, idPhotoId: idPhoto, truthConfirmed: true, sensitiveConsent: true,
      };
      const refused = await client.graphql(SAVE_BADGE, { input: badge });
      expect((refused.body.errors as Errors)[0]?.extensions.code).toBe('EXHIBITOR_NOT_ACTIVE');

      const { body: list } = await manager.graphql<{ exhibitors: { nodes: Array<{ id: string; status: string }> } }>(LIST, { filter: { status: 'PENDING', keyword: registered.nameZh } });
      const pending = list.data?.exhibitors.nodes[0];
      expect(pending?.status).toBe('PENDING');
      // Approved (with the standard booth's minimum of 2 while its booth is unknown), the same badge goes through.
      const approved = await manager.graphql<{ approveExhibitor: { status: string } }>(APPROVE, { id: pending?.id });
      expect(approved.body.data?.approveExhibitor.status).toBe('ACTIVE');
      const filed = await client.graphql<{ saveBadge: { id: string } }>(SAVE_BADGE, { input: badge });
      expect(filed.body.errors).toBeUndefined();
      const again = await manager.graphql(APPROVE, { id: pending?.id });
      expect((again.body.errors as Errors)[0]?.extensions.code).toBe('EXHIBITOR_NOT_PENDING');
      const audits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, pending?.id ?? ''), eq(auditLog.action, 'exhibitor.approve')));
      expect(audits[0]?.detail).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'ACTIVE' } });
      // The company hears of it at its verified address (the durable notice outbox, written with the approval).
      const told = await app.portal.database.db.select().from(notices).where(like(notices.dedupeKey, `exhibitor-approved:${pending?.id}:%`));
      expect(told.map((notice) => notice.message.to)).toEqual([registered.contactEmail]);
    });
  });

  describe('the company logo', () => {
    const LOGO = `query ($filter: ExhibitorFilter) { exhibitors(filter: $filter) { nodes { id logo logoId } } }`;
    const storedFile = async (photoId: string) => {
      const [photo] = await app.portal.database.db.select().from(photos).where(eq(photos.id, photoId));
      return photo ? app.portal.app.services.files.getBuffer(photo.storageKey) : null;
    };

    it('an organizer sets it at creation and replaces it; the old picture is deleted after the commit; audited', async () => {
      const first = await uploadPicture(manager, 'EXHIBITOR_LOGO');
      const { exhibitor, input } = await create({ logoId: first.id });
      const listed = await manager.graphql<{ exhibitors: { nodes: Array<{ logo: string | null; logoId: string | null }> } }>(LOGO, { filter: { keyword: input.nameZh } });
      expect(listed.body.data?.exhibitors.nodes).toEqual([{ id: exhibitor.id, logo: first.url, logoId: first.id }]);
      const [photoRow] = await app.portal.database.db.select().from(photos).where(eq(photos.id, first.id));

      const second = await uploadPicture(manager, 'EXHIBITOR_LOGO');
      const edit = { id: exhibitor.id, nameZh: input.nameZh, nameEn: input.nameEn, contactName: input.contactName, bootNumber: input.bootNumber, limitOverride: input.limitOverride, limitOverrideReason: input.limitOverrideReason };
      const replaced = await manager.graphql<{ updateExhibitor: { logo: string } }>(`mutation ($input: UpdateExhibitorInput!) { updateExhibitor(input: $input) { logo } }`, { input: { ...edit, logoId: second.id } });
      expect(replaced.body.data?.updateExhibitor.logo).toBe(second.url);
      expect(await app.portal.database.db.select().from(photos).where(eq(photos.id, first.id))).toEqual([]);
      expect(await app.portal.app.services.files.getBuffer(photoRow?.storageKey ?? '')).toBeNull();
      expect(await storedFile(second.id)).not.toBeNull();
      const audit = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, exhibitor.id), eq(auditLog.action, 'exhibitor.update')));
      expect(audit.at(-1)?.detail).toMatchObject({ before: { logoPhotoId: first.id }, after: { logoPhotoId: second.id } });

      // Absent keeps the logo; null removes it.
      await manager.graphql(UPDATE, { input: edit });
      expect((await manager.graphql<{ exhibitors: { nodes: Array<{ logoId: string | null }> } }>(LOGO, { filter: { keyword: input.nameZh } })).body.data?.exhibitors.nodes[0]?.logoId).toBe(second.id);
      await manager.graphql(UPDATE, { input: { ...edit, logoId: null } });
      expect(await app.portal.database.db.select().from(photos).where(eq(photos.id, second.id))).toEqual([]);
    });

    it("opens for the company's accounts and the section's organizers only; only they upload and set it", async () => {
      const logo = await uploadPicture(manager, 'EXHIBITOR_LOGO');
      const { input, initialPassword } = await create({ logoId: logo.id });
      const holder = app.client();
      await loginAs(holder, input.contactEmail, initialPassword, 'exhibitor');
      await holder.graphql(CHANGE_PASSWORD, { input: { currentPassword: encodePasswordForTransport(initialPassword), newPassword: encodePasswordForTransport('Company2026') } });
      const viewer = await holder.graphql<{ viewer: { exhibitor: { logo: string } } }>(`{ viewer { ... on Xuser { exhibitor { logo } } } }`);
      expect(viewer.body.data?.viewer.exhibitor.logo).toBe(logo.url);
      expect((await holder.fetch(logo.url)).status).toBe(200);
      expect((await (await organizer(['ROLE_SUPER_ADMIN'])).fetch(logo.url)).status).toBe(200);
      expect((await (await organizer(['ROLE_AUDIENCE'])).fetch(logo.url)).status).toBe(404);
      const other = await signedInClient(app, 'exhibitor');
      expect((await other.client.fetch(logo.url)).status).toBe(404);

      // An exhibitor can neither upload a company logo nor call the organizer's mutation.
      await expect(uploadPicture(other.client, 'EXHIBITOR_LOGO')).rejects.toThrow(/FORBIDDEN/);
      const own = await uploadPicture(other.client, 'CATALOG');
      const refused = await other.client.graphql(UPDATE, { input: { id: other.account.exhibitorId, nameZh: 'x', nameEn: 'x', contactName: 'x', logoId: own.id } });
      expect((refused.body.errors as Errors)[0]?.extensions.code).toBe('FORBIDDEN');
      // Another organizer's upload, a picture of another purpose, or a logo another company shows are refused.
      const foreign = await uploadPicture(await organizer(['ROLE_EXHIBITOR']), 'EXHIBITOR_LOGO');
      for (const logoId of [foreign.id, logo.id]) {
        const { body } = await manager.graphql(CREATE, { input: companyInput({ logoId }) });
        expect((body.errors as Errors)[0]?.extensions.code).toBe('EXHIBITOR_LOGO_INVALID');
      }
    });
  });

  describe("the organizer's list", () => {
    it('creates a company with an initial password shown once; its account must change it before anything else', async () => {
      const { input, initialPassword, exhibitor } = await create();
      expect(initialPassword).toMatch(/^[A-Za-z2-9]{12}$/);
      expect(exhibitor).toMatchObject({ status: 'ACTIVE', bootNumber: 'C-12', credentialLimit: 3, accounts: [{ email: input.contactEmail, mobile: `+86${input.contactMobile}`, passwordChanged: false }] });
      const audit = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, exhibitor.id), eq(auditLog.action, 'exhibitor.create')));
      expect(JSON.stringify(audit[0]?.detail)).not.toContain(initialPassword);

      const holder = app.client();
      await loginAs(holder, input.contactEmail, initialPassword, 'exhibitor');
      // Only the viewer, the password change and sign-out: everything else is refused on the server.
      const viewer = await holder.graphql<{ viewer: { passwordLastUpdateAt: string | null } }>(`{ viewer { ... on Xuser { passwordLastUpdateAt } } }`);
      expect(viewer.body.data?.viewer.passwordLastUpdateAt).toBeNull();
      const refused = await holder.graphql(BADGE_LIST);
      expect((refused.body.errors as Errors)[0]?.extensions).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', classification: 'FORBIDDEN' });
      const mixed = await holder.graphql(`{ viewer { __typename } ownBadges { total } }`);
      expect((mixed.body.errors as Errors)[0]?.extensions.code).toBe('PASSWORD_CHANGE_REQUIRED');
      expect((await holder.fetch('/apis/files/exports/badges.xlsx')).status).toBe(401);

      const changed = await holder.graphql(CHANGE_PASSWORD, { input: { currentPassword: encodePasswordForTransport(initialPassword), newPassword: encodePasswordForTransport('Company2026') } });
      expect(changed.body).toEqual({ data: { changePassword: true } });
      expect((await holder.graphql<{ ownBadges: { limit: number } }>(BADGE_LIST)).body.data?.ownBadges.limit).toBe(3);
    });

    it('pages and filters on the server by status and keyword', async () => {
      const tag = `筛选${unique()}`;
      for (let index = 0; index < 3; index += 1) await create({ nameZh: `${tag} ${index}` });
      const firstPage = await manager.graphql<{ exhibitors: { total: number; nodes: Array<{ nameZh: string }> } }>(LIST, { filter: { keyword: tag }, page: 1, pageSize: 2 });
      expect(firstPage.body.data?.exhibitors.total).toBe(3);
      expect(firstPage.body.data?.exhibitors.nodes.map((node) => node.nameZh)).toEqual([`${tag} 2`, `${tag} 1`]);
      const secondPage = await manager.graphql<{ exhibitors: { nodes: Array<{ nameZh: string }> } }>(LIST, { filter: { keyword: tag }, page: 2, pageSize: 2 });
      expect(secondPage.body.data?.exhibitors.nodes.map((node) => node.nameZh)).toEqual([`${tag} 0`]);
      const pending = await manager.graphql<{ exhibitors: { total: number } }>(LIST, { filter: { keyword: tag, status: 'PENDING' } });
      expect(pending.body.data?.exhibitors.total).toBe(0);
    });

    it('exports the filtered list to xlsx with each company’s badges used and limit, for the section only, audited', async () => {
      const tag = `导出${unique()}`;
      await create({ nameZh: `${tag} 甲`, bootNumber: 'E-1', limitOverride: 4 });
      await create({ nameZh: `${tag} 乙`, bootNumber: 'E-2', limitOverride: 2 });
      const response = await manager.fetch(`/apis/files/exports/exhibitors.xlsx?keyword=${encodeURIComponent(tag)}`, { headers: { 'accept-language': 'en-US' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('exhibitors-');
      const [header, ...rows] = await sheetTexts(await response.arrayBuffer());
      expect(header?.slice(0, 6)).toEqual(['Booth', 'Company (Chinese)', 'Company (English)', 'Status', 'Badges used', 'Badge limit']);
      expect(rows.map((row) => row.slice(0, 6))).toEqual([
        ['E-2', `${tag} 乙`, expect.any(String), 'Active', '0', '2'],
        ['E-1', `${tag} 甲`, expect.any(String), 'Active', '0', '4'],
      ]);
      const [zhHeader] = await sheetTexts(await (await manager.fetch(`/apis/files/exports/exhibitors.xlsx?status=PENDING&keyword=${encodeURIComponent(tag)}`, { headers: { 'accept-language': 'zh-CN' } })).arrayBuffer());
      expect(zhHeader?.[0]).toBe('展位号');
      const audited = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'exhibitor.export'));
      expect(audited.map((entry) => entry.detail)).toEqual(expect.arrayContaining([expect.objectContaining({ rows: 2, filter: { status: null, keyword: tag } }), expect.objectContaining({ rows: 0 })]));
      expect((await (await organizer(['ROLE_AUDIENCE'])).fetch('/apis/files/exports/exhibitors.xlsx')).status).toBe(403);
      expect((await app.client().fetch('/apis/files/exports/exhibitors.xlsx')).status).toBe(401);
      expect((await manager.fetch('/apis/files/exports/exhibitors.xlsx?status=NOPE')).status).toBe(400);
    });

    it('edits names, booth and limit, never below the badges already counted, and audits before and after', async () => {
      const { exhibitor, input } = await create({ limitOverride: 3 });
      const db = app.portal.database.db;
      const owner = (await app.portal.app.services.accounts.findByExhibitors([exhibitor.id]))[0];
      for (const status of ['PENDING', 'APPROVED', 'REJECTED'] as const) {
        await db.insert(badges).values(badgeRow(exhibitor.id, owner?.id ?? '', status));
      }
      const edit = { id: exhibitor.id, nameZh: '改名摩托', nameEn: 'Renamed Moto', contactName: '李经理', bootNumber: 'D-1', limitOverride: 1, limitOverrideReason: '老展商' };
      const below = await manager.graphql(UPDATE, { input: edit });
      expect((below.body.errors as Errors)[0]?.extensions).toMatchObject({ code: 'EXHIBITOR_LIMIT_BELOW_USED', params: { used: 2, limit: 1 } });
      const { body } = await manager.graphql(UPDATE, { input: { ...edit, limitOverride: 2 } });
      expect(body).toEqual({ data: { updateExhibitor: { id: exhibitor.id, nameZh: '改名摩托', nameEn: 'Renamed Moto', bootNumber: 'D-1', credentialLimit: 2 } } });
      const listed = await manager.graphql<{ exhibitors: { nodes: Array<{ usedCredentials: number }> } }>(LIST, { filter: { keyword: '改名摩托' } });
      expect(listed.body.data?.exhibitors.nodes[0]?.usedCredentials).toBe(2);
      const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, exhibitor.id), eq(auditLog.action, 'exhibitor.update')));
      expect(audit?.detail).toMatchObject({ before: { nameZh: input.nameZh, credentialLimit: 3 }, after: { nameZh: '改名摩托', credentialLimit: 2, bootNumber: 'D-1' } });
      const invalid = await manager.graphql(UPDATE, { input: { ...edit, limitOverride: -1 } });
      expect((invalid.body.errors as Errors)[0]?.extensions.code).toBe('EXHIBITOR_LIMIT_INVALID');
    });

    it('disables a company: its sessions end and it cannot sign in; enabling lets it back', async () => {
      const { exhibitor, input, initialPassword } = await create();
      const holder = app.client();
      await loginAs(holder, input.contactEmail, initialPassword, 'exhibitor');
      const disabled = await manager.graphql<{ setExhibitorEnabled: { status: string } }>(SET_ENABLED, { id: exhibitor.id, enabled: false });
      expect(disabled.body.data?.setExhibitorEnabled.status).toBe('DISABLED');
      expect((await holder.graphql(`{ viewer { __typename } }`)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
      const refused = await postPasswordLogin(app.client(), { identity: input.contactEmail, password: initialPassword, scope: 'exhibitor' });
      expect(((await refused.json()) as { code: string }).code).toBe('AUTH_LOGIN_PROHIBITED');
      const twice = await manager.graphql(SET_ENABLED, { id: exhibitor.id, enabled: false });
      expect((twice.body.errors as Errors)[0]?.extensions.code).toBe('EXHIBITOR_STATUS_UNCHANGED');

      await manager.graphql(SET_ENABLED, { id: exhibitor.id, enabled: true });
      await loginAs(app.client(), input.contactEmail, initialPassword, 'exhibitor');
    });

    it('resets the password: a new initial one shown once, every session of the account ended', async () => {
      const { exhibitor, input, initialPassword } = await create();
      const holder = app.client();
      await loginAs(holder, input.contactEmail, initialPassword, 'exhibitor');
      await holder.graphql(CHANGE_PASSWORD, { input: { currentPassword: encodePasswordForTransport(initialPassword), newPassword: encodePasswordForTransport('Company2026') } });
      const { body } = await manager.graphql<{ resetExhibitorPassword: { initialPassword: string } }>(RESET, { id: exhibitor.id });
      const fresh = body.data?.resetExhibitorPassword.initialPassword ?? '';
      expect(fresh).toMatch(/^[A-Za-z2-9]{12}$/);
      expect((await holder.graphql(`{ viewer { __typename } }`)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
      const again = app.client();
      await loginAs(again, input.contactEmail, fresh, 'exhibitor');
      expect((await again.graphql(BADGE_LIST)).body.errors?.[0]?.extensions.code).toBe('PASSWORD_CHANGE_REQUIRED');
      const [audit] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'exhibitor.reset_password'));
      expect(JSON.stringify(audit)).not.toContain(fresh);
    });

    it('approves a company once when two organizers race (row lock, state re-checked)', async () => {
      const { input } = await register(app.client());
      const { body } = await manager.graphql<{ exhibitors: { nodes: Array<{ id: string }> } }>(LIST, { filter: { keyword: input.nameZh } });
      const id = body.data?.exhibitors.nodes[0]?.id;
      const other = await organizer(['ROLE_SUPER_ADMIN']);
      const answers = await Promise.all([manager.graphql(APPROVE, { id }), other.graphql(APPROVE, { id })]);
      const codes = answers.map((answer) => (answer.body.errors as Errors | undefined)?.[0]?.extensions.code ?? 'OK').sort();
      expect(codes).toEqual(['EXHIBITOR_NOT_PENDING', 'OK']);
      const audits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, id ?? ''), eq(auditLog.action, 'exhibitor.approve')));
      expect(audits).toHaveLength(1);
    });

    it('approves self-registrations together, all or none, and two overlapping batches never approve a company twice', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const { input } = await register(app.client());
        const { body } = await manager.graphql<{ exhibitors: { nodes: Array<{ id: string }> } }>(LIST, { filter: { keyword: input.nameZh } });
        ids.push(body.data?.exhibitors.nodes[0]?.id ?? '');
      }
      const [first, second, third] = ids as [string, string, string];
      const other = await organizer(['ROLE_SUPER_ADMIN']);
      // [first, second] and [second, third] race: the batch that locks `second` first wins, the other is refused whole.
      const answers = await Promise.all([manager.graphql(APPROVE_MANY, { ids: [first, second] }), other.graphql(APPROVE_MANY, { ids: [third, second] })]);
      const codes = answers.map((answer) => (answer.body.errors as Errors | undefined)?.[0]?.extensions.code ?? 'OK').sort();
      expect(codes).toEqual(['EXHIBITOR_NOT_PENDING', 'OK']);
      const audits = await app.portal.database.db.select().from(auditLog).where(and(inArray(auditLog.subjectId, ids), eq(auditLog.action, 'exhibitor.approve')));
      expect(audits.filter((row) => row.subjectId === second)).toHaveLength(1);
      expect(audits).toHaveLength(2);
      // The refused batch's other company is still pending, and approving it alone now works.
      const left = ids.find((id) => !audits.some((row) => row.subjectId === id)) ?? '';
      const { body } = await manager.graphql<{ approveExhibitors: Array<{ id: string; status: string }> }>(APPROVE_MANY, { ids: [left] });
      expect(body.data?.approveExhibitors).toEqual([{ id: left, status: 'ACTIVE' }]);
      for (const bad of [[], Array.from({ length: 501 }, () => crypto.randomUUID())]) {
        expect(((await manager.graphql(APPROVE_MANY, { ids: bad })).body.errors as Errors)[0]?.extensions.code).toBe('VALIDATION_FAILED');
      }
      const { client: visitorDesk } = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE']);
      expect(((await visitorDesk.graphql(APPROVE_MANY, { ids: [left] })).body.errors as Errors)[0]?.extensions.code).toBe('FORBIDDEN');
    });

    it('is for organizers of the exhibitor section only, on every operation', async () => {
      const { exhibitor } = await create();
      const audienceReviewer = await organizer(['ROLE_AUDIENCE']);
      const { account, password } = await createAccount(app, 'exhibitor');
      const company = app.client();
      await loginAs(company, account.email ?? '', password, 'exhibitor');
      const operations: Array<[string, Record<string, unknown>]> = [
        [LIST, {}],
        [CREATE, { input: companyInput() }],
        [UPDATE, { input: { id: exhibitor.id, nameZh: 'x', nameEn: 'x', contactName: 'x' } }],
        [APPROVE, { id: exhibitor.id }],
        [SET_ENABLED, { id: exhibitor.id, enabled: false }],
        [RESET, { id: exhibitor.id }],
      ];
      for (const [query, variables] of operations) {
        expect((await audienceReviewer.graphql(query, variables)).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
        expect((await company.graphql(query, variables)).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
        expect((await app.client().graphql(query, variables)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
      }
      // An exhibitor reads its own company without the organizer-only accounts.
      const own = await company.graphql(`{ viewer { ... on Xuser { exhibitor { accounts { email } } } } }`);
      expect(own.body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
    });
  });
});
