import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { maskIdNumber } from '@portal/shared/application/id-number';
import { auditLog } from '../../db/schema/index';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { loginAs } from '../../test/captcha';
import { fillBulkApplications } from '../../seed/bulk-applications';
import { insertApplication, insertChannel, uniqueMainlandId } from './review-export.test-support';
import { FORMULA_TEXTS, NEUTRALISED_TEXTS, sheetTexts } from '../../lib/xlsx-stream.test-support';

const PATH = '/apis/files/exports/audiences.xlsx';

async function download(client: TestClient, query = '') {
  const response = await client.fetch(`${PATH}${query}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
}

async function sheetRows(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: 10 }, (_, index) => String(row.getCell(index + 1).value ?? '')));
  });
  return rows;
}

describe('GET /apis/files/exports/audiences.xlsx', () => {
  let app: TestApp;
  let reviewer: TestClient;
  let reviewerId: string;
  const idNumber = uniqueMainlandId('1985-02-03');

  beforeAll(async () => {
    app = await createTestApp();
    const channel = await insertChannel(app, '微信公众号', 'WeChat official account');
    await insertApplication(app, {
      status: 'WAIT',
      name: '张伟',
      submittedAt: new Date('2025-03-01T01:30:00Z'),
      mobile: '+8613912345678',
      email: 'zhang.wei@example.com',
      idNumber,
      channelId: channel.id,
      visitDays: ['2025-04-11', '2025-04-10'],
    });
    await insertApplication(app, {
      status: 'REFUSE',
      name: 'Anna Schmidt',
      submittedAt: new Date('2025-03-02T12:00:00Z'),
      idType: 'PASSPORT',
      idNumber: 'C01X00T47',
      refuseReason: 'ID photo is blurred',
      visitDays: ['2025-04-12'],
    });
    await insertApplication(app, { status: 'DONE', name: '李娜', submittedAt: new Date('2025-02-20T08:00:00Z'), visitDays: ['2025-04-12'] });
    const { account, password } = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] });
    reviewerId = account.id;
    reviewer = app.client({ locale: 'zh-CN' });
    await loginAs(reviewer, account.email ?? '', password, 'organizer');
  });
  afterAll(() => app.close());

  it('refuses anonymous callers, visitors and organizers without the audience role', async () => {
    const anonymous = await download(app.client({ locale: 'en-US' }));
    expect(anonymous.response.status).toBe(401);
    expect(JSON.parse(anonymous.body.toString())).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'UNAUTHORIZED' });

    for (const [scope, roles] of [
      ['audience', []],
      ['organizer', ['ROLE_EXHIBITOR', 'ROLE_PROJECT']],
    ] as const) {
      const { account, password } = await createAccount(app, scope, { roles });
      const client = app.client({ locale: 'en-US' });
      await loginAs(client, (scope === 'audience' ? account.mobile : account.email) ?? '', password, scope);
      const refused = await download(client);
      expect(refused.response.status).toBe(403);
      expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'FORBIDDEN', reason: 'FORBIDDEN' });
    }
  });

  it('answers a check (x-export-check: 1) with 204 and no file or audit row, or with the refusal the download would get', async () => {
    const audited = async () => (await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'audience.export'))).length;
    const before = await audited();
    const check = await reviewer.fetch(PATH, { headers: { 'x-export-check': '1' } });
    expect([check.status, await check.text()]).toEqual([204, '']);
    expect(await audited()).toBe(before);
    const badFilter = await reviewer.fetch(`${PATH}?statuses=NOPE`, { headers: { 'x-export-check': '1' } });
    expect(badFilter.status).toBe(400);
    expect(await badFilter.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const anonymous = await app.client({ locale: 'en-US' }).fetch(PATH, { headers: { 'x-export-check': '1' } });
    expect(anonymous.status).toBe(401);
  });

  it('streams every application in list order with headers in the caller’s language and masked ID numbers, and audits it', async () => {
    const { response, body } = await download(reviewer);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="visitor-applications-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toMatch(/^观众申请-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const rows = await sheetRows(body);
    expect(rows[0]).toEqual(['提交时间（北京时间）', '状态', '姓名', '手机号', '邮箱', '证件类型', '证件号码（已脱敏）', '参观日期', '获知渠道', '拒绝原因']);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['Anna Schmidt', '张伟', '李娜']);
    expect(rows[1]).toEqual(['2025-03-02 20:00:00', '未通过', 'Anna Schmidt', expect.any(String), expect.any(String), '护照', 'C0*****47', '2025-04-12', '', 'ID photo is blurred']);
    expect(rows[2]).toEqual([
      '2025-03-01 09:30:00',
      '待审核',
      '张伟',
      // A leading + would start a formula: every such text gets a quote (docs/decisions/0612-exports-formula-neutralisation-a-lean-streaming-xlsx-writer.md).
      "'+8613912345678",
      'zhang.wei@example.com',
      '居民身份证',
      maskIdNumber(idNumber),
      '2025-04-10, 2025-04-11',
      '微信公众号',
      '',
    ]);
    expect(body.includes(Buffer.from(idNumber))).toBe(false);

    const [entry] = await app.portal.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audience.export'), eq(auditLog.actorId, reviewerId)));
    expect(entry).toMatchObject({ subjectType: 'audience', detail: { rows: 3, sort: 'SUBMITTED_DESC', locale: 'zh-CN' } });
    expect(entry?.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('applies the same filter as the GraphQL list, in English', async () => {
    const client = app.client({ locale: 'en-US' });
    client.cookies.set('sid', reviewer.cookies.get('sid') ?? '');
    const { response, body } = await download(client, '?statuses=WAIT,REFUSE&visitDate=2025-04-12&lang=en-US');
    expect(response.status).toBe(200);
    const rows = await sheetRows(body);
    expect(rows[0]?.[0]).toBe('Submitted (Beijing time)');
    expect(rows.slice(1).map((row) => [row[1], row[2], row[5]])).toEqual([['Refused', 'Anna Schmidt', 'Passport']]);

    const byKeyword = await sheetRows((await download(client, `?keyword=${idNumber.slice(-4)}&sort=NAME_ASC`)).body);
    expect(byKeyword.slice(1).map((row) => row[2])).toEqual(['张伟']);

    const bySubmitted = await sheetRows((await download(client, '?submittedFrom=2025-03-01&submittedTo=2025-03-01')).body);
    expect(bySubmitted.slice(1).map((row) => row[2])).toEqual(['张伟']);

    const entries = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'audience.export'));
    expect(entries.map((entry) => entry.detail)).toContainEqual(
      expect.objectContaining({ rows: 1, filter: expect.objectContaining({ statuses: ['WAIT', 'REFUSE'], visitDate: '2025-04-12' }) }),
    );
  });

  it('answers 400 with a translated error for a bad filter, before any download starts', async () => {
    for (const query of ['?statuses=WAIT,BOGUS', '?visitDate=2025-02-30', '?channelId=nope', '?sort=RANDOM']) {
      const { response, body } = await download(reviewer, query);
      expect(response.status, query).toBe(400);
      expect(JSON.parse(body.toString())).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'BAD_REQUEST' });
    }
  });

  it('reads the list in batches: more rows than one batch arrive complete and in order', async () => {
    await fillBulkApplications(app.portal, 2_345);
    const { response, body } = await download(reviewer, '?sort=SUBMITTED_ASC');
    expect(response.status).toBe(200);
    const rows = (await sheetRows(body)).slice(1);
    expect(rows).toHaveLength(2_348);
    const times = rows.map((row) => row[0] ?? '');
    expect([...times].sort()).toEqual(times);
    expect(rows.every((row) => /^\d{6}\*{8}[\dX]{4}$|^[A-Z0-9]{2}\*+[A-Z0-9]{2}$/.test(row[6] ?? ''))).toBe(true);
  });
  it('lets at most two exports of one user run at once: a third, started beside them, is refused with a translated code', async () => {
    // The 2,348 rows of the batch test make each export last long enough for the three requests to meet.
    const started = await Promise.all([0, 1, 2].map(() => reviewer.fetch(`${PATH}?sort=NAME_ASC`)));
    const refused = started.filter((response) => response.status === 429);
    expect(started.map((response) => response.status).sort()).toEqual([200, 200, 429]);
    expect(await refused[0]?.json()).toEqual({ code: 'EXPORT_TOO_MANY_AT_ONCE', reason: 'BAD_REQUEST', message: '您已有 2 个导出正在进行，请等其中一个完成后再试' });
    // Another reviewer is not held back by this one's exports.
    const { account, password } = await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] });
    const colleague = app.client({ locale: 'en-US' });
    await loginAs(colleague, account.email ?? '', password, 'organizer');
    expect((await download(colleague, '?statuses=REFUSE')).response.status).toBe(200);
    // Once both have been read to the end, their slots are free again.
    const finished = await Promise.all(started.filter((response) => response.status === 200).map(async (response) => (await sheetTexts(await response.arrayBuffer())).length));
    expect(finished).toEqual([2_349, 2_349]);
    expect((await download(reviewer, '?statuses=REFUSE')).response.status).toBe(200);
  });

  it('neutralises text that a spreadsheet would run as a formula', async () => {
    for (const name of FORMULA_TEXTS) await insertApplication(app, { status: 'WAIT', name, submittedAt: new Date('2020-01-01T02:00:00Z') });
    const { body } = await download(reviewer, '?submittedFrom=2020-01-01&submittedTo=2020-01-01&sort=NAME_ASC');
    const names = (await sheetTexts(body)).slice(1).map((row) => row[2]);
    expect(names.sort()).toEqual([...NEUTRALISED_TEXTS].sort());
  });
});
