import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { loginAs } from '../../test/captcha';
import { badgeRow } from '../../test/badge-rows';
import { auditLog, badges, exhibitors } from '../../db/schema/index';
import { EXHIBITOR_IMPORT_PATH } from './exhibitor-import.routes';
import { sheetTexts } from '../../lib/xlsx-stream.test-support';

const EXHIBITOR_EXPORT_PATH = '/apis/files/exports/exhibitors.xlsx';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Report = { rows: number; good: number; bad: number; imported: number; issues: Array<{ row: number; column: string; value: string; problem: string }>; created: Array<{ row: number; nameZh: string; identities: string[]; initialPassword: string }> };

describe('exhibitor import', () => {
  let app: TestApp;
  let manager: TestClient;
  const run = Date.now() % 1_000_000;

  beforeAll(async () => {
    app = await createTestApp();
    manager = (await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR'])).client;
  }, 60_000);
  afterAll(() => app.close());

  async function importFile(body: string | Uint8Array<ArrayBuffer>, contentType: string, query: string, client = manager) {
    const response = await client.fetch(`${EXHIBITOR_IMPORT_PATH}?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; code?: string; report?: Report });
    return { status: response.status, last: lines[lines.length - 1] };
  }

  it('checks every row, reports the skipped ones with their reason, creates the good ones with an account and the booth quota', async () => {
    const taken = (await signedInClient(app, 'exhibitor')).account.email ?? '';
    const csv = [
      '公司中文名称,公司英文名称,展位号,面积,类型,联系人,手机号,邮箱',
      `导入摩托 ${run},Import Moto ${run},E-1,36,标准展位,王经理,,one${run}@moto.example.com`,
      `岛位机车 ${run},Island Motor ${run},E-2,120 m²,ISLAND,李经理,1390000${String(run).slice(-4)},`,
      `,No Chinese Name,E-3,20,CORNER,赵经理,,three${run}@moto.example.com`,
      `面积有误 ${run},Bad Area,E-4,-5,CORNER,钱经理,,four${run}@moto.example.com`,
      `类型有误 ${run},Bad Type,E-5,20,帐篷,孙经理,,five${run}@moto.example.com`,
      `重复邮箱 ${run},Duplicate,E-6,20,corner,周经理,,ONE${run}@moto.example.com`,
      `已有账号 ${run},Taken,E-7,,,吴经理,,${taken}`,
      `没有联系方式 ${run},No Contact,E-8,,,郑经理,,`,
    ].join('\n');
    const all = await importFile(csv, 'text/csv', '');
    expect(all.status).toBe(200);
    expect(all.last?.report).toMatchObject({ rows: 8, good: 2, bad: 6, imported: 0, created: [] });
    expect(all.last?.report?.issues.map(({ row, column, problem }) => ({ row, column, problem }))).toEqual([
      { row: 4, column: 'A', problem: 'NAME_ZH' },
      { row: 5, column: 'D', problem: 'AREA' },
      { row: 6, column: 'E', problem: 'BOOTH_TYPE' },
      { row: 7, column: 'H', problem: 'DUPLICATE_IN_FILE' },
      { row: 8, column: 'H', problem: 'IDENTITY_TAKEN' },
      { row: 9, column: 'H', problem: 'IDENTITY_REQUIRED' },
    ]);
    expect(await app.portal.database.db.select().from(exhibitors).where(eq(exhibitors.nameEn, `Import Moto ${run}`))).toEqual([]);

    const good = await importFile(csv, 'text/csv', 'mode=GOOD_ROWS_ONLY');
    const report = good.last?.report;
    expect(report).toMatchObject({ rows: 8, good: 2, bad: 6, imported: 2 });
    expect(report?.created.map(({ row, nameZh, identities }) => ({ row, nameZh, identities }))).toEqual([
      { row: 2, nameZh: `导入摩托 ${run}`, identities: [`one${run}@moto.example.com`] },
      { row: 3, nameZh: `岛位机车 ${run}`, identities: [`+861390000${String(run).slice(-4)}`] },
    ]);
    const [shell] = await app.portal.database.db.select().from(exhibitors).where(eq(exhibitors.nameEn, `Import Moto ${run}`));
    expect(shell).toMatchObject({ status: 'ACTIVE', bootNumber: 'E-1', boothArea: 36, boothType: 'SHELL_SCHEME', credentialLimit: 4, contactName: '王经理' });
    const [island] = await app.portal.database.db.select().from(exhibitors).where(eq(exhibitors.nameEn, `Island Motor ${run}`));
    expect(island).toMatchObject({ boothArea: 120, boothType: 'ISLAND', credentialLimit: 13 });
    // The created account signs in with the initial password the report showed once.
    const holder = app.client();
    await loginAs(holder, `one${run}@moto.example.com`, report?.created[0]?.initialPassword ?? '', 'exhibitor');
    expect((await holder.graphql(`{ ownBadges { limit } }`)).body.errors?.[0]?.extensions.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const audits = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'exhibitor.import'));
    expect(audits.map((row) => row.detail)).toEqual([expect.objectContaining({ mode: 'GOOD_ROWS_ONLY', rows: 8, bad: 6, imported: 2 })]);
    const created = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.subjectId, shell?.id ?? ''));
    expect(created.map((row) => row.action)).toEqual(['exhibitor.create']);
    expect(JSON.stringify(created)).not.toContain(report?.created[0]?.initialPassword);

    // Imported again, the same rows are skipped: their contacts sign in already.
    const again = await importFile(csv, 'text/csv', 'mode=GOOD_ROWS_ONLY');
    expect(again.last?.report).toMatchObject({ good: 0, imported: 0 });
    expect(await importFile('公司中文名称,公司英文名称\n', 'text/csv', '')).toMatchObject({ last: { type: 'error', code: 'EXHIBITOR_IMPORT_EMPTY' } });
  });

  it('reads an xlsx; the list export shows the booth, the limit, the badges used and the paid extras', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Exhibitors');
    sheet.addRow(['Name (zh)', 'Name (en)', 'Booth', 'Area', 'Type', 'Contact', 'Mobile', 'Email']);
    sheet.addRow([`导出摩托 ${run}`, `Export Moto ${run}`, 'F-1', 54, 'RAW_SPACE', '冯经理', '', `export${run}@moto.example.com`]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const imported = await importFile(xlsx, XLSX, '');
    expect(imported.last?.report).toMatchObject({ rows: 1, bad: 0, imported: 1 });
    const [company] = await app.portal.database.db.select().from(exhibitors).where(eq(exhibitors.nameEn, `Export Moto ${run}`));
    const owner = (await app.portal.app.services.accounts.findByExhibitors([company?.id ?? '']))[0];
    await app.portal.database.db.insert(badges).values([badgeRow(company?.id ?? '', owner?.id ?? '', 'PENDING'), badgeRow(company?.id ?? '', owner?.id ?? '', 'REJECTED')]);

    const response = await manager.fetch(`${EXHIBITOR_EXPORT_PATH}?keyword=${encodeURIComponent(`导出摩托 ${run}`)}`, { headers: { 'accept-language': 'en-US' } });
    expect(response.status).toBe(200);
    const [header, ...rows] = await sheetTexts(await response.arrayBuffer());
    expect(header?.slice(4, 11)).toEqual(['Badges used', 'Badge limit', 'Booth area (m²)', 'Booth type', 'Paid extra badges', 'Limit set by hand', 'Reason for the limit']);
    expect(rows.map((row) => row.slice(0, 10))).toEqual([['F-1', `导出摩托 ${run}`, `Export Moto ${run}`, 'Active', '1', '6', '54', 'Raw space', '0', '']]);
    const [audit] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'exhibitor.export'));
    expect(audit?.detail).toMatchObject({ rows: 1, filter: { keyword: `导出摩托 ${run}` } });
  });

  it('is for organizers of the exhibitor section only', async () => {
    const company = (await signedInClient(app, 'exhibitor')).client;
    const audienceDesk = (await signedInClient(app, 'organizer', ['ROLE_AUDIENCE'])).client;
    for (const client of [company, audienceDesk]) {
      expect((await client.fetch(EXHIBITOR_IMPORT_PATH, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b\n' })).status).toBe(403);
    }
    expect((await app.client().fetch(EXHIBITOR_IMPORT_PATH, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b\n' })).status).toBe(401);
  });
});
