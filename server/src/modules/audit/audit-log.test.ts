import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationCodes, auditLog } from '../../db/schema/index';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { createTestApp, type GraphQLResponse, type TestApp, type TestClient } from '../../test/test-app';

const LIST = `query ($filter: AuditLogFilter, $before: ID, $pageSize: Int) {
  auditLog(filter: $filter, before: $before, pageSize: $pageSize) {
    nextBefore
    nodes { id at action subjectType subjectId ip requestId detail actor { id name email scope } }
  }
}`;

interface Page {
  auditLog: { nextBefore: string | null; nodes: Array<{ id: string; action: string; subjectId: string | null; detail: string | null; actor: { id: string; email: string | null } | null }> };
}

describe('the audit log', () => {
  let app: TestApp;
  let admin: TestClient;
  let adminId: string;
  let reviewerId: string;
  let reviewerEmail: string;

  beforeAll(async () => {
    app = await createTestApp();
    const superAdmin = await createAccount(app, 'organizer', { roles: ['ROLE_SUPER_ADMIN'] });
    adminId = superAdmin.account.id;
    admin = app.client({ locale: 'zh-CN' });
    await signInDirectly(app, admin, superAdmin.account);
    const reviewer = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] });
    reviewerId = reviewer.account.id;
    reviewerEmail = reviewer.account.email ?? '';
    const { audit } = app.portal.app.services;
    const origin = { ip: '203.0.113.7', requestId: 'req-1' };
    // 120 views by the reviewer, then an export and a failed sign-in of nobody.
    for (let index = 0; index < 120; index += 1) {
      await audit.record(origin, { actorId: reviewerId, action: 'audience.view', subjectType: 'audience', subjectId: `application-${index}` });
    }
    await audit.record(origin, { actorId: reviewerId, action: 'audience.export', subjectType: 'audience', detail: { rows: 3 } });
    await audit.record(origin, { actorId: null, action: 'auth.login_failed', subjectType: 'account', detail: { identity: 'nobody@example.com' } });
  });
  afterAll(() => app.close());

  it('is for the super administrator only', async () => {
    expect((await app.client().graphql(LIST)).body.errors?.[0]?.extensions).toMatchObject({ classification: 'UNAUTHORIZED' });
    for (const scope of ['organizer', 'audience', 'exhibitor'] as const) {
      const { account } = await createAccount(app, scope, { roles: scope === 'organizer' ? ['ROLE_AUDIENCE', 'ROLE_PROJECT', 'ROLE_EXHIBITOR', 'ROLE_TICKET', 'ROLE_HARDWARE'] : [] });
      const client = app.client();
      await signInDirectly(app, client, account);
      expect((await client.graphql(LIST)).body.errors?.[0]?.extensions).toMatchObject({ classification: 'FORBIDDEN' });
      expect((await client.fetch('/apis/files/exports/audit-log.xlsx')).status).toBe(403);
    }
  });

  it('pages newest first before the last entry seen, without gaps or repeats', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const { body: page }: { body: GraphQLResponse<Page> } = await admin.graphql<Page>(LIST, { filter: { actions: ['audience.view'] }, before, pageSize: 50 });
      const nodes = page.data?.auditLog.nodes ?? [];
      seen.push(...nodes.map((node) => node.subjectId ?? ''));
      before = page.data?.auditLog.nextBefore ?? null;
    } while (before);
    expect(seen).toHaveLength(120);
    expect(seen[0]).toBe('application-119');
    expect(seen.at(-1)).toBe('application-0');
    expect(new Set(seen).size).toBe(120);
  });

  it('filters by person (name, email or mobile), action, subject and time', async () => {
    const { body: byEmail } = await admin.graphql<Page>(LIST, { filter: { person: reviewerEmail.toUpperCase(), actions: ['audience.export'] } });
    expect(byEmail.data?.auditLog.nodes).toEqual([expect.objectContaining({ action: 'audience.export', detail: '{"rows":3}', actor: expect.objectContaining({ id: reviewerId, email: reviewerEmail }) })]);

    const { body: bySubject } = await admin.graphql<Page>(LIST, { filter: { subjectType: 'audience', subjectId: 'application-7' } });
    expect(bySubject.data?.auditLog.nodes.map((node) => node.subjectId)).toEqual(['application-7']);

    const { body: nobody } = await admin.graphql<Page>(LIST, { filter: { person: 'no such person at all' } });
    expect(nobody.data?.auditLog).toEqual({ nodes: [], nextBefore: null });

    const { body: future } = await admin.graphql<Page>(LIST, { filter: { from: '2099-01-01T00:00:00+08:00' } });
    expect(future.data?.auditLog.nodes).toEqual([]);

    const { body: failed } = await admin.graphql<Page>(LIST, { filter: { actions: ['auth.login_failed'] } });
    expect(failed.data?.auditLog.nodes).toEqual([expect.objectContaining({ actor: null, detail: '{"identity":"nobody@example.com"}' })]);
  });

  it('refuses a malformed filter with a clear error and loses nothing', async () => {
    for (const filter of [{ actions: ['audience.delete-everything'] }, { from: 'yesterday' }, { from: '2025-04-12T00:00:00+08:00', to: '2025-04-10T00:00:00+08:00' }, { subjectType: 'table' }]) {
      const { body } = await admin.graphql(LIST, { filter });
      expect(body.errors?.[0]?.extensions).toMatchObject({ classification: 'BAD_REQUEST', code: 'VALIDATION_FAILED' });
    }
    expect((await admin.graphql(LIST, { pageSize: 1000 })).body.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('exports the filtered log in the caller’s language, and records the export', async () => {
    const response = await admin.fetch(`/apis/files/exports/audit-log.xlsx?actions=audience.export,auth.login_failed`);
    expect(response.status).toBe(200);
    expect(decodeURIComponent(response.headers.get('content-disposition')?.split("UTF-8''")[1] ?? '')).toMatch(/^审计日志-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow((row) => rows.push(Array.from({ length: 9 }, (_, index) => String(row.getCell(index + 1).value ?? ''))));
    expect(rows[0]).toEqual(['时间（北京时间）', '操作人', '邮箱或手机号', '操作', '对象类型', '对象编号', 'IP 地址', '请求编号', '详情']);
    expect(rows.slice(1).map((row) => row[3])).toEqual(['登录失败', '导出观众申请']);
    expect(rows[2]?.[2]).toBe(reviewerEmail);

    const exports = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'));
    expect(exports).toEqual([expect.objectContaining({ actorId: adminId, detail: expect.objectContaining({ rows: 2 }) })]);
  });

  it('names each subject in the language of the reader: the person, the company, the code; erased or nameless ones stay null', async () => {
    const { audit, exhibitors } = app.portal.app.services;
    const origin = { ip: '203.0.113.8', requestId: 'req-names' };
    const company = await exhibitors.createWithAccount({ nameZh: '名录摩托', nameEn: 'Named Moto', bootNumber: 'C-3' }, { name: '名录', identity: { email: 'named-moto@example.com' }, password: 'Named12345' });
    const [code] = await app.portal.database.db.insert(activationCodes).values({ code: 'MX-NAME-D234', batch: 'names' }).returning();
    await audit.record(origin, { actorId: adminId, action: 'exhibitor.update', subjectType: 'exhibitor', subjectId: company.exhibitor.id });
    await audit.record(origin, { actorId: adminId, action: 'staff.update', subjectType: 'account', subjectId: reviewerId });
    await audit.record(origin, { actorId: adminId, action: 'activation-code.void', subjectType: 'activation_code', subjectId: code?.id });
    await audit.record(origin, { actorId: adminId, action: 'audience.view', subjectType: 'audience', subjectId: '00000000-0000-4000-8000-000000000000' });
    await audit.record(origin, { actorId: adminId, action: 'project.settings.update', subjectType: 'project_settings', subjectId: '1' });
    const named = async (client: TestClient) => {
      const { body } = await client.graphql<{ auditLog: { nodes: Array<{ subjectName: string | null }> } }>('query { auditLog(pageSize: 50) { nodes { subjectName } } }');
      expect(body.errors).toBeUndefined();
      return body.data?.auditLog.nodes.slice(0, 5).map((node) => node.subjectName);
    };
    const reviewerName = (await app.portal.app.services.accounts.findByIds([reviewerId]))[0]?.name;
    expect(await named(admin)).toEqual([null, null, 'MX-NAME-D234', reviewerName, '名录摩托']);
    const english = app.client({ locale: 'en-US' });
    const superAdmin = (await app.portal.app.services.accounts.findByIds([adminId]))[0];
    if (!superAdmin) throw new Error('the super administrator is gone');
    await signInDirectly(app, english, superAdmin);
    expect((await named(english))?.[4]).toBe('Named Moto');
  });

  it('is append-only: no update, delete or truncate, whoever asks', async () => {
    const { db } = app.portal.database;
    const before = await db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
    await expect(db.update(auditLog).set({ action: 'auth.login' }).where(eq(auditLog.actorId, reviewerId))).rejects.toThrow();
    await expect(db.update(auditLog).set({ actorId: null }).where(eq(auditLog.actorId, reviewerId))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.actorId, reviewerId))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await db.select({ count: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
  });
});
