import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient } from '../../test/submissions';
import { createAccount } from '../../test/factories';
import { activationCodes, audiences, audienceVisitDates, auditLog, showDays } from '../../db/schema/index';
import { CODE_ALPHABET } from '@portal/shared/activation-code/activation-code.schema';
import { MIN_RETENTION_DAYS } from '@portal/shared/show/project-settings.schema';
import { ACTIVATION_CODE_EXPORT_PATH, ACTIVATION_CODE_IMPORT_PATH } from './activation-code-transfer.routes';

const SETTINGS = `query { projectSettings { version nameZh nameEn showWebsiteUrl audienceRegOpen exhibitorRegOpen audienceUpdateDeadline retentionDays qrPeriodSeconds ticketRules { kind rotating reentry cooldownMinutes } days { day capacity deadline held } channels { id nameZh nameEn enabled } } }`;
const SAVE = `mutation ($input: ProjectSettingsInput!) { saveProjectSettings(input: $input) { version audienceRegOpen retentionDays days { day capacity held } channels { id nameEn enabled } } }`;
const PUBLIC = `query { project { setting { nameZh nameEn audienceRegOpen exhibitorRegOpen showWebsiteUrl } showDays { day capacity } channels { name } } }`;
const LIST = `query ($filter: ActivationCodeFilter, $page: Int, $pageSize: Int) { activationCodes(filter: $filter, page: $page, pageSize: $pageSize) { total nodes { id code status batch boundTo } } }`;
const GENERATE = `mutation ($batch: String!, $count: Int!) { generateActivationCodes(batch: $batch, count: $count) { batch count } }`;
const VOID = `mutation ($id: ID!) { voidActivationCode(id: $id) { id status } }`;
const BATCHES = `query { activationCodeBatches { batch total unused bound } }`;

interface Settings {
  version: number;
  nameZh: string;
  nameEn: string;
  showWebsiteUrl: string | null;
  audienceRegOpen: boolean;
  exhibitorRegOpen: boolean;
  audienceUpdateDeadline: string | null;
  retentionDays: number;
  qrPeriodSeconds: number;
  ticketRules: Array<{ kind: string; rotating: boolean; reentry: string; cooldownMinutes: number | null }>;
  days: Array<{ day: string; capacity: number; deadline: string; held: number }>;
  channels: Array<{ id: string; nameZh: string; nameEn: string; enabled: boolean }>;
}

const DAYS = ['2030-05-01', '2030-05-02', '2030-05-03'];
const deadlineOf = (day: string) => `${day}T09:00:00+08:00`;

describe('project section: settings and activation codes (ROLE_PROJECT)', () => {
  let app: TestApp;
  let office: TestClient;

  beforeAll(async () => {
    app = await createTestApp();
    const db = app.portal.database.db;
    await db.insert(showDays).values(DAYS.map((day) => ({ day, capacity: 10, deadline: new Date(deadlineOf(day)) })));
    ({ client: office } = await signedInClient(app, 'organizer', ['ROLE_PROJECT']));
  }, 60_000);
  afterAll(() => app.close());

  async function settings(client = office) {
    const { body } = await client.graphql<{ projectSettings: Settings }>(SETTINGS);
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.projectSettings;
  }

  function inputOf(current: Settings, changes: Partial<Omit<Settings, 'days'>> & { days?: Array<{ day: string; capacity: number; deadline: string }> } = {}) {
    return {
      version: current.version,
      nameZh: current.nameZh || '摩托车博览会',
      nameEn: current.nameEn || 'Motorcycle Expo',
      showWebsiteUrl: current.showWebsiteUrl ?? 'https://www.motoexpo.example.cn/',
      audienceRegOpen: current.audienceRegOpen,
      exhibitorRegOpen: current.exhibitorRegOpen,
      audienceUpdateDeadline: current.audienceUpdateDeadline,
      retentionDays: current.retentionDays,
      qrPeriodSeconds: current.qrPeriodSeconds,
      ticketRules: current.ticketRules,
      channels: current.channels.map(({ id, nameZh, nameEn, enabled }) => ({ id, nameZh, nameEn, enabled })),
      ...changes,
      days: changes.days ?? current.days.map(({ day, capacity, deadline }) => ({ day, capacity, deadline })),
    };
  }

  async function holdSeat(day: string, status: 'WAIT' | 'DONE' = 'WAIT', name = 'Seat Holder', activationCodeId: string | null = null) {
    const { account } = await createAccount(app, 'audience');
    const db = app.portal.database.db;
    const [row] = await db.insert(audiences).values({ accountId: account.id, approveStatus: status, name, activationCodeId }).returning({ id: audiences.id });
    if (!row) throw new Error('no audience');
    await db.insert(audienceVisitDates).values({ audienceId: row.id, day });
  }

  describe('roles', () => {
    it('refuses everyone without ROLE_PROJECT, the super admin included, on every operation', async () => {
      const current = await settings();
      const outsiders = [
        (await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN', 'ROLE_AUDIENCE', 'ROLE_EXHIBITOR', 'ROLE_TICKET', 'ROLE_HARDWARE'])).client,
        (await signedInClient(app, 'exhibitor')).client,
        (await signedInClient(app, 'audience')).client,
        app.client(),
      ];
      for (const client of outsiders) {
        const operations: Array<[string, Record<string, unknown>?]> = [
          [SETTINGS],
          [SAVE, { input: inputOf(current) }],
          [LIST],
          [BATCHES],
          [GENERATE, { batch: 'x', count: 1 }],
          [VOID, { id: '00000000-0000-4000-8000-000000000000' }],
        ];
        for (const [query, variables] of operations) {
          const { body } = await client.graphql(query, variables);
          expect(body.errors?.[0]?.extensions.classification, query).toMatch(/^(FORBIDDEN|UNAUTHORIZED)$/);
        }
        expect((await client.fetch(ACTIVATION_CODE_EXPORT_PATH)).status).toBeGreaterThanOrEqual(401);
        const imported = await client.fetch(`${ACTIVATION_CODE_IMPORT_PATH}?batch=x`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'ABCDEF-1234\n' });
        expect([401, 403]).toContain(imported.status);
      }
      expect((await settings()).version).toBe(current.version);
    });
  });

  describe('settings', () => {
    it('saves every setting at once, audits before and after, and the public pages follow at once', async () => {
      const current = await settings();
      const { body } = await office.graphql<{ saveProjectSettings: Settings }>(SAVE, {
        input: inputOf(current, {
          audienceRegOpen: false,
          nameZh: '第二十五届摩博会',
          nameEn: 'The 25th Moto Expo',
          retentionDays: 365,
          showWebsiteUrl: 'https://www.motoexpo.example.cn/',
          channels: [...current.channels, { id: null, nameZh: '展商邀请', nameEn: 'Exhibitor invitation', enabled: true }] as Settings['channels'],
          days: [...DAYS.map((day) => ({ day, capacity: 20, deadline: deadlineOf(day) })), { day: '2030-05-04', capacity: 5, deadline: '2030-05-03T18:00:00+08:00' }],
        }),
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.saveProjectSettings).toMatchObject({ version: current.version + 1, audienceRegOpen: false, retentionDays: 365 });
      expect(body.data?.saveProjectSettings.days.map((row) => row.day)).toEqual([...DAYS, '2030-05-04']);

      const visitor = app.client({ locale: 'en-US' });
      const { body: publicBody } = await visitor.graphql<{ project: { setting: { audienceRegOpen: boolean; showWebsiteUrl: string }; showDays: unknown[]; channels: Array<{ name: string }> } }>(PUBLIC);
      // The show's one name, as every page's header, footer and title show it.
      expect(publicBody.data?.project.setting).toMatchObject({ audienceRegOpen: false, showWebsiteUrl: 'https://www.motoexpo.example.cn/', nameZh: '第二十五届摩博会', nameEn: 'The 25th Moto Expo' });
      expect(publicBody.data?.project.showDays).toHaveLength(4);
      expect(publicBody.data?.project.channels.map((channel) => channel.name)).toContain('Exhibitor invitation');

      const [audit] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'project.settings.update')).orderBy(sql`${auditLog.id} desc`).limit(1);
      const detail = audit?.detail as { before: { audienceRegOpen: boolean; days: unknown[] }; after: { audienceRegOpen: boolean; days: unknown[] } };
      expect(detail.before.audienceRegOpen).toBe(true);
      expect(detail.after.audienceRegOpen).toBe(false);
      expect(detail.after.days).toHaveLength(4);
    });

    it('saves the gate rules alone, at the version, audited; refuses a rotating badge, a period or cooldown out of bounds', async () => {
      const SAVE_GATES = `mutation ($input: GateRulesInput!) { saveGateRules(input: $input) { version qrPeriodSeconds ticketRules { kind rotating reentry cooldownMinutes } } }`;
      const current = await settings();
      const rules = (changes: Record<string, Partial<Settings['ticketRules'][number]>>) => current.ticketRules.map((rule) => ({ ...rule, ...changes[rule.kind] }));
      const { body } = await office.graphql<{ saveGateRules: Pick<Settings, 'version' | 'qrPeriodSeconds' | 'ticketRules'> }>(SAVE_GATES, {
        input: { version: current.version, qrPeriodSeconds: 10, ticketRules: rules({ VISITOR: { reentry: 'COOLDOWN', cooldownMinutes: 5 }, BADGE: { reentry: 'EXIT_FIRST', cooldownMinutes: 9 } }) },
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.saveGateRules).toEqual({
        version: current.version + 1,
        qrPeriodSeconds: 10,
        ticketRules: [
          { kind: 'VISITOR', rotating: true, reentry: 'COOLDOWN', cooldownMinutes: 5 },
          { kind: 'BADGE', rotating: false, reentry: 'EXIT_FIRST', cooldownMinutes: null },
          { kind: 'IMPORTED', rotating: false, reentry: 'UNLIMITED', cooldownMinutes: null },
        ],
      });
      const [audit] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'project.settings.update')).orderBy(sql`${auditLog.id} desc`).limit(1);
      expect(audit?.detail).toMatchObject({ before: { qrPeriodSeconds: current.qrPeriodSeconds }, after: { qrPeriodSeconds: 10, ticketGateRules: { VISITOR: { reentry: 'COOLDOWN', cooldownMinutes: 5 } } } });

      const after = await settings();
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ version: current.version, qrPeriodSeconds: 10, ticketRules: after.ticketRules }, 'PROJECT_SETTINGS_CHANGED'],
        [{ version: after.version, qrPeriodSeconds: 9, ticketRules: after.ticketRules }, 'PROJECT_QR_PERIOD_INVALID'],
        [{ version: after.version, qrPeriodSeconds: 30, ticketRules: rules({ BADGE: { rotating: true } }) }, 'PROJECT_GATE_RULES_INVALID'],
        [{ version: after.version, qrPeriodSeconds: 30, ticketRules: rules({ VISITOR: { reentry: 'COOLDOWN', cooldownMinutes: 721 } }) }, 'PROJECT_COOLDOWN_INVALID'],
        [{ version: after.version, qrPeriodSeconds: 30, ticketRules: after.ticketRules.slice(1) }, 'PROJECT_GATE_RULES_INVALID'],
      ];
      for (const [input, code] of refusals) {
        const refused = await office.graphql(SAVE_GATES, { input });
        expect(refused.body.errors?.[0]?.extensions.code, code).toBe(code);
      }
    });

    it('refuses values the rules forbid, naming the rule', async () => {
      const current = await settings();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ retentionDays: MIN_RETENTION_DAYS - 1 }, 'PROJECT_RETENTION_INVALID'],
        [{ showWebsiteUrl: 'http://insecure.example.cn/' }, 'PROJECT_WEBSITE_INVALID'],
        [{ nameZh: '  ' }, 'PROJECT_TEXT_REQUIRED'],
        [{ days: [{ day: '2030-05-01', capacity: 10, deadline: '2030-05-02T00:00:01+08:00' }] }, 'PROJECT_DEADLINE_AFTER_DAY'],
        [{ days: DAYS.map((day) => ({ day: DAYS[0], capacity: 10, deadline: deadlineOf(day) })) }, 'PROJECT_DAY_DUPLICATE'],
        [{ days: [...DAYS, '2030-07-01'].map((day) => ({ day, capacity: 20, deadline: deadlineOf(day) })) }, 'PROJECT_DAYS_SPAN_TOO_LONG'],
        [{ days: [] }, 'PROJECT_DAYS_REQUIRED'],
        [{ days: DAYS.map((day) => ({ day, capacity: -1, deadline: deadlineOf(day) })) }, 'PROJECT_CAPACITY_INVALID'],
        [{ audienceUpdateDeadline: '2030-06-01T00:00:00+08:00' }, 'PROJECT_UPDATE_DEADLINE_AFTER_SHOW'],
      ];
      for (const [changes, code] of cases) {
        const { body } = await office.graphql(SAVE, { input: { ...inputOf(current), ...changes } });
        expect(body.errors?.[0]?.extensions.code, code).toBe(code);
      }
      expect((await settings()).version).toBe(current.version);
    });

    it('names the row of a day rule, and measures the span over the days still to come only', async () => {
      const current = await settings();
      const tooFar = [...DAYS, '2030-07-01'].map((day) => ({ day, capacity: 20, deadline: deadlineOf(day) }));
      const { body } = await office.graphql(SAVE, { input: inputOf(current, { days: tooFar }) });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'PROJECT_DAYS_SPAN_TOO_LONG', fields: [{ path: 'days.3.day', code: 'PROJECT_DAYS_SPAN_TOO_LONG' }] });
      // A past day (a finished edition, the demo's gate day beside it) is kept and not measured.
      const withPast = [{ day: '2025-04-10', capacity: 20, deadline: deadlineOf('2025-04-10') }, ...current.days.map(({ day, capacity, deadline }) => ({ day, capacity, deadline }))];
      const saved = await office.graphql<{ saveProjectSettings: Settings }>(SAVE, { input: inputOf(current, { days: withPast }) });
      expect(saved.body.data?.saveProjectSettings.days.map((row) => row.day)).toEqual(['2025-04-10', ...current.days.map((row) => row.day)]);
      const restored = await office.graphql(SAVE, { input: inputOf(await settings(), { days: current.days.map(({ day, capacity, deadline }) => ({ day, capacity, deadline })) }) });
      expect(restored.body.errors).toBeUndefined();
    });

    it('refuses a capacity below the seats held and the removal of a day with bookings', async () => {
      await holdSeat('2030-05-02');
      await holdSeat('2030-05-02', 'DONE');
      await holdSeat('2030-05-04');
      const current = await settings();
      expect(current.days.find((row) => row.day === '2030-05-02')?.held).toBe(2);
      const below = current.days.map((row) => ({ day: row.day, deadline: row.deadline, capacity: row.day === '2030-05-02' ? 1 : row.capacity }));
      const refused = (await office.graphql(SAVE, { input: inputOf(current, { days: below }) })).body.errors?.[0];
      const row = current.days.findIndex((day) => day.day === '2030-05-02');
      expect(refused?.extensions).toMatchObject({ code: 'PROJECT_CAPACITY_BELOW_HELD', fields: [{ path: `days.${row}.capacity`, code: 'PROJECT_CAPACITY_BELOW_HELD' }] });
      expect(refused?.message).toBe('Capacity of 2030-05-02 cannot be below the 2 seats already booked');
      const exactly = current.days.map((row) => ({ day: row.day, deadline: row.deadline, capacity: row.day === '2030-05-02' ? 2 : row.capacity }));
      const withoutBooked = current.days.filter((row) => row.day !== '2030-05-04').map(({ day, capacity, deadline }) => ({ day, capacity, deadline }));
      const booked = (await office.graphql(SAVE, { input: inputOf(current, { days: withoutBooked }) })).body.errors?.[0];
      expect([booked?.extensions.code, booked?.message]).toEqual(['PROJECT_DAY_HAS_BOOKINGS', '2030-05-04 has bookings and cannot be removed']);
      expect((await office.graphql(SAVE, { input: inputOf(current, { days: exactly }) })).body.errors).toBeUndefined();
      // A day nobody booked can go.
      const next = await settings();
      const withoutFree = next.days.filter((row) => row.day !== '2030-05-03').map(({ day, capacity, deadline }) => ({ day, capacity, deadline }));
      const { body } = await office.graphql<{ saveProjectSettings: Settings }>(SAVE, { input: inputOf(next, { days: withoutFree }) });
      expect(body.data?.saveProjectSettings.days.map((row) => row.day)).toEqual(['2030-05-01', '2030-05-02', '2030-05-04']);
    });

    it('never lets two organizers overwrite each other: the save from an older version is refused, also when racing', async () => {
      const { client: second } = await signedInClient(app, 'organizer', ['ROLE_PROJECT']);
      const opened = await settings();
      const first = await office.graphql(SAVE, { input: inputOf(opened, { exhibitorRegOpen: false }) });
      expect(first.body.errors).toBeUndefined();
      const stale = await second.graphql(SAVE, { input: inputOf(opened, { nameEn: 'Overwrite' }) });
      expect(stale.body.errors?.[0]?.extensions.code).toBe('PROJECT_SETTINGS_CHANGED');

      const reopened = await settings();
      const raced = await Promise.all([
        office.graphql(SAVE, { input: inputOf(reopened, { nameEn: 'Race A' }) }),
        second.graphql(SAVE, { input: inputOf(reopened, { nameEn: 'Race B' }) }),
      ]);
      const codes = raced.map((result) => result.body.errors?.[0]?.extensions.code ?? 'OK').sort();
      expect(codes).toEqual(['OK', 'PROJECT_SETTINGS_CHANGED']);
      expect((await settings()).version).toBe(reopened.version + 1);
    });
  });

  describe('activation codes', () => {
    async function list(filter: Record<string, unknown> = {}, pageSize = 20) {
      const { body } = await office.graphql<{ activationCodes: { total: number; nodes: Array<{ id: string; code: string; status: string; batch: string; boundTo: string | null }> } }>(LIST, { filter, pageSize });
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      return body.data.activationCodes;
    }

    async function importFile(body: string | Uint8Array<ArrayBuffer>, contentType: string, query: string) {
      const response = await office.fetch(`${ACTIVATION_CODE_IMPORT_PATH}?${query}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      const lines = (await response.text())
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; code?: string; report?: { rows: number; good: number; bad: number; imported: number; issues: Array<{ row: number; value: string; problem: string }> } });
      return { status: response.status, lines, last: lines[lines.length - 1] };
    }

    it('generates 100,000 unique codes from the look-alike-free alphabet in printable groups', async () => {
      const { body } = await office.graphql(GENERATE, { batch: 'Big batch', count: 100_000 });
      expect(body.errors).toBeUndefined();
      const db = app.portal.database.db;
      const [stats] = await db
        .select({ total: count(), distinct: sql<number>`count(distinct ${activationCodes.code})::int` })
        .from(activationCodes)
        .where(eq(activationCodes.batch, 'Big batch'));
      expect(stats).toEqual({ total: 100_000, distinct: 100_000 });
      const pattern = new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`);
      const [bad] = await db.select({ n: count() }).from(activationCodes).where(and(eq(activationCodes.batch, 'Big batch'), sql`${activationCodes.code} !~ ${pattern.source}`));
      expect(bad?.n).toBe(0);
      expect(CODE_ALPHABET).not.toMatch(/[01ILO]/);
      expect((await list({ batch: 'Big batch', status: 'UNUSED' })).total).toBe(100_000);
      expect((await office.graphql(GENERATE, { batch: 'Too many', count: 100_001 })).body.errors?.[0]?.extensions.code).toBe('CDK_COUNT_INVALID');
      expect((await office.graphql(GENERATE, { batch: ' ', count: 1 })).body.errors?.[0]?.extensions.code).toBe('CDK_BATCH_NAME_REQUIRED');
    }, 120_000);

    it('imports all or nothing, reports each bad row with its reason, or imports the good rows only', async () => {
      const db = app.portal.database.db;
      await app.portal.app.services.activationCodes.insert(['TAKEN-0001'], 'earlier');
      const csv = '\uFEFFActivation code\r\nGOOD-0001\r\ngood-0002\r\nbad code!\r\nGOOD-0001\r\nTAKEN-0001\r\n"GOOD-0003",note\r\n';
      const refused = await importFile(csv, 'text/csv', 'batch=Partner%20A');
      expect(refused.status).toBe(200);
      expect(refused.last?.report).toMatchObject({ rows: 6, good: 3, bad: 3, imported: 0 });
      expect(refused.last?.report?.issues).toEqual([
        { row: 4, column: 'A', value: 'bad code!', problem: 'FORMAT' },
        { row: 5, column: 'A', value: 'GOOD-0001', problem: 'DUPLICATE_IN_FILE' },
        { row: 6, column: 'A', value: 'TAKEN-0001', problem: 'EXISTS' },
      ]);
      expect((await list({ batch: 'Partner A' })).total).toBe(0);

      const partial = await importFile(csv, 'text/csv', 'batch=Partner%20A&mode=GOOD_ROWS_ONLY');
      expect(partial.last?.report).toMatchObject({ good: 3, bad: 3, imported: 3 });
      expect((await list({ batch: 'Partner A' })).nodes.map((row) => row.code).sort()).toEqual(['GOOD-0001', 'GOOD-0002', 'GOOD-0003']);

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('codes');
      sheet.addRow(['激活码']);
      for (let index = 0; index < 12_000; index++) sheet.addRow([`XLSX-${String(index).padStart(6, '0')}`]);
      const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
      const fromXlsx = await importFile(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'batch=Printer%20B');
      expect(fromXlsx.lines.filter((line) => line.type === 'progress').length).toBeGreaterThanOrEqual(2);
      expect(fromXlsx.last?.report).toMatchObject({ rows: 12_000, good: 12_000, bad: 0, imported: 12_000 });
      const [audited] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'activation-code.import'));
      expect(audited?.n).toBe(2);

      expect((await importFile('not a workbook', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'batch=x')).last).toEqual({ type: 'error', code: 'CDK_IMPORT_FILE_INVALID' });
      expect((await importFile('Code\n', 'text/csv', 'batch=x')).last).toEqual({ type: 'error', code: 'CDK_IMPORT_EMPTY' });
    }, 60_000);

    it('filters by status, batch and code prefix or bound applicant, voids unused codes but never a bound one', async () => {
      await app.portal.app.services.activationCodes.insert(['VOID-TEST-1', 'VOID-TEST-2'], 'Void tests');
      const [bound] = (await list({ keyword: 'VOID-TEST-2' })).nodes;
      if (!bound) throw new Error('no code');
      await app.portal.database.db.update(activationCodes).set({ status: 'BOUND', boundAt: new Date() }).where(eq(activationCodes.id, bound.id));
      await holdSeat('2030-05-01', 'WAIT', '王小明', bound.id);

      expect((await list({ keyword: '小明' })).nodes).toEqual([expect.objectContaining({ code: 'VOID-TEST-2', status: 'BOUND', boundTo: '王小明' })]);
      // One character: the codes that start with it (none) and the applicants named with it.
      expect(await list({ keyword: '明' })).toMatchObject({ total: 1, nodes: [expect.objectContaining({ code: 'VOID-TEST-2', boundTo: '王小明' })] });
      expect((await list({ keyword: 'void-test' })).total).toBe(2);
      expect((await list({ batch: 'Void tests', status: 'BOUND' })).total).toBe(1);

      expect((await office.graphql(VOID, { id: bound.id })).body.errors?.[0]?.extensions.code).toBe('CDK_BOUND_CANNOT_VOID');
      const [unused] = (await list({ keyword: 'VOID-TEST-1' })).nodes;
      const voided = await office.graphql<{ voidActivationCode: { status: string } }>(VOID, { id: unused?.id });
      expect(voided.body.data?.voidActivationCode.status).toBe('VOID');
      expect((await office.graphql(VOID, { id: unused?.id })).body.errors?.[0]?.extensions.code).toBe('CDK_ALREADY_VOID');
      expect((await list({ batch: 'Void tests', status: 'VOID' })).total).toBe(1);
      const [audited] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'activation-code.void'));
      expect(audited?.subjectId).toBe(unused?.id);
    });

    it('a code raced by a void and a bind ends either void or bound, never both', async () => {
      const services = app.portal.app.services;
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = `RACE-CODE-${attempt}`;
        await services.activationCodes.insert([code], 'race');
        const [row] = (await list({ keyword: code })).nodes;
        const results = await Promise.allSettled([
          office.graphql(VOID, { id: row?.id }).then((result) => (result.body.errors ? Promise.reject(new Error(result.body.errors[0]?.extensions.code)) : 'voided')),
          app.portal.database.db.transaction((tx) => services.activationCodes.bind(tx, code, null)).then(() => 'bound'),
        ]);
        const [after] = (await list({ keyword: code })).nodes;
        const won = results.filter((result) => result.status === 'fulfilled');
        expect(won).toHaveLength(1);
        expect(after?.status).toBe((won[0] as PromiseFulfilledResult<string>).value === 'voided' ? 'VOID' : 'BOUND');
      }
    });

    it('exports the filtered list as a streamed workbook and audits it', async () => {
      const response = await office.fetch(`${ACTIVATION_CODE_EXPORT_PATH}?batch=Partner%20A`, { headers: { 'accept-language': 'en-US' } });
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).getCell(1).text).toBe('Activation code');
      const codes = [2, 3, 4].map((row) => sheet?.getRow(row).getCell(1).text).sort();
      expect(codes).toEqual(['GOOD-0001', 'GOOD-0002', 'GOOD-0003']);
      expect(sheet?.rowCount).toBe(4);
      const [audited] = await app.portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'activation-code.export'));
      expect(audited?.detail).toMatchObject({ rows: 3, filter: { batch: 'Partner A' } });
    });

    it('exports every code of a batch generated in one transaction, past the export’s pages', async () => {
      // On PostgreSQL one transaction gives every row the same created_at to the microsecond (PGlite's clock keeps
      // milliseconds): the export's keyset must not skip them.
      expect((await office.graphql(GENERATE, { batch: 'One transaction', count: 4_500 })).body.errors).toBeUndefined();
      const response = await office.fetch(`${ACTIVATION_CODE_EXPORT_PATH}?batch=One%20transaction`);
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const exported = new Set<string>();
      workbook.worksheets[0]?.eachRow((row, index) => {
        if (index > 1) exported.add(row.getCell(1).text);
      });
      expect(exported.size).toBe(4_500);
    });
  });
});
