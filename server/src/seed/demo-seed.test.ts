import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkMainlandId } from '@portal/shared/application/id-number';
import { accounts, activationCodes, admissions, audienceStatusHistory, audienceVisitDates, audiences, photos, showDays, tickets } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { loginAs } from '../test/captcha';
import { getProjectSetting } from '../modules/show/show.repository';
import { DEMO_ACCOUNTS, DEMO_CHANNELS, PRINTED_CODES, formatDemoSummary, seedDemoData, type DemoSeedSummary } from './demo-seed';
import { seedShowDefaults } from '../modules/show/show-defaults';
import { fillBulkTickets } from './bulk-tickets';

// 00:30 on 1 January in Beijing while it is still 31 December in UTC.
const NOW = new Date('2026-12-31T16:30:00Z');

describe('demo seed', () => {
  let app: TestApp;
  let summary: DemoSeedSummary | undefined;

  beforeAll(async () => {
    app = await createTestApp();
    summary = await seedDemoData(app.portal.app.services, app.portal.database.db, NOW);
  });
  afterAll(() => app.close());

  it('places four show days a month after today in Beijing, with 09:00 deadlines, the last one small and full', async () => {
    expect(summary?.showDays).toEqual(['2027-01-31', '2027-02-01', '2027-02-02', '2027-02-03']);
    const days = await app.portal.app.services.show.showDays();
    const holders = await app.portal.app.services.applications.holdersByDay(days.map((day) => day.day));
    expect(days.map((day) => [day.day, day.capacity, day.deadline.toISOString(), day.capacity - (holders.get(day.day) ?? 0)])).toEqual([
      ['2027-01-31', 5000, '2027-01-31T01:00:00.000Z', expect.any(Number)],
      ['2027-02-01', 5000, '2027-02-01T01:00:00.000Z', expect.any(Number)],
      ['2027-02-02', 5000, '2027-02-02T01:00:00.000Z', expect.any(Number)],
      ['2027-02-03', 3, '2027-02-03T01:00:00.000Z', 0],
    ]);
    const setting = await app.portal.app.services.show.setting();
    expect(setting.audienceUpdateDeadline?.toISOString()).toBe('2027-01-21T15:59:59.000Z');
    expect(setting.audienceRegOpen).toBe(true);
    expect((await app.portal.app.services.show.channels()).map((channel) => [channel.nameZh, channel.nameEn])).toEqual(DEMO_CHANNELS.map((pair) => [...pair]));
  });

  it('leaves 200 unused activation codes, prints twenty of them and where the others are', async () => {
    const db = app.portal.database.db;
    const [unused] = await db.select({ n: sql<number>`count(*)::int` }).from(activationCodes).where(eq(activationCodes.status, 'UNUSED'));
    expect(unused?.n).toBe(200);
    expect(summary?.sampleCodes).toHaveLength(PRINTED_CODES);
    const printed = formatDemoSummary(summary as DemoSeedSummary, app.baseUrl);
    expect(printed).toContain(`${app.baseUrl}/apis/dev/activation-codes`);
    expect(printed).toContain('dev outbox: ');
    expect(printed).not.toContain('/apis/dev/outbox');
    // The development route hands out the unused codes, one a line.
    const listed = (await (await fetch(`${app.baseUrl}/apis/dev/activation-codes?limit=500`)).text()).trim().split('\n');
    expect(listed).toHaveLength(200);
    for (const code of summary?.sampleCodes ?? []) expect(listed).toContain(code);
    for (const code of summary?.sampleCodes ?? []) expect(printed).toContain(code);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(printed).toContain(`${account.identity} / ${account.password}`);
  });

  it('adds made-up applications in every state with valid IDs, history, photos and tickets; the demo visitor has none', async () => {
    const db = app.portal.database.db;
    const rows = await db.select().from(audiences);
    expect(rows).toHaveLength(60);
    const byStatus = (status: string) => rows.filter((row) => row.approveStatus === status);
    expect(byStatus('WAIT').length).toBeGreaterThan(10);
    expect(byStatus('DONE').length).toBeGreaterThan(10);
    expect(byStatus('REFUSE').length).toBeGreaterThan(5);
    expect(byStatus('REFUSE').every((row) => (row.refuseReason ?? '').length > 0)).toBe(true);
    for (const row of rows.filter((candidate) => candidate.idType === 'MAINLAND_ID')) {
      expect(checkMainlandId(row.idNumber ?? '', '2026-12-31'), row.idNumber ?? '').toMatchObject({ ok: true, birthDate: row.birthDate });
    }
    expect(rows.some((row) => row.idType === 'PASSPORT' && /^[A-Z]/.test(row.name ?? ''))).toBe(true);
    expect(rows.every((row) => row.submittedAt && row.submittedAt < NOW && row.entryPhotoId && row.idPhotoId && row.activationCodeId)).toBe(true);
    expect(new Set(rows.map((row) => row.channelId)).size).toBeGreaterThan(4);

    const history = await db.select().from(audienceStatusHistory);
    expect(history.filter((change) => change.fromStatus === 'CREATED')).toHaveLength(60);
    expect(history.filter((change) => change.fromStatus === 'REFUSE' && change.toStatus === 'WAIT').length).toBeGreaterThan(0);
    // Every approved visitor has a ticket in the gate's ledger, with the days they chose.
    const ledger = await db.select().from(tickets).where(eq(tickets.kind, 'VISITOR'));
    expect(ledger.map((ticket) => ticket.subjectId).sort()).toEqual(byStatus('DONE').map((row) => row.id).sort());

    const [visitor] = await db.select().from(accounts).where(eq(accounts.mobile, `+86${DEMO_ACCOUNTS.audience.identity}`));
    expect(await app.portal.app.services.applications.findByAccount(visitor?.id ?? '')).toBeUndefined();
  });

  it('tells one story in time: prepared, signed up, uploaded, submitted, reviewed, ticketed — all before now, nobody admitted yet', async () => {
    const db = app.portal.database.db;
    const [applications, history, codes, pictures, ledger, visits, people] = await Promise.all([
      db.select().from(audiences),
      db.select().from(audienceStatusHistory),
      db.select().from(activationCodes),
      db.select().from(photos),
      db.select().from(tickets),
      db.select().from(audienceVisitDates),
      db.select().from(accounts),
    ]);
    const rows = [...applications, ...history, ...codes, ...pictures, ...ledger, ...people];
    const stamps = rows.flatMap((row) => Object.values(row).filter((value): value is Date => value instanceof Date));
    expect(stamps.length).toBeGreaterThan(500);
    expect(stamps.filter((stamp) => stamp > NOW)).toEqual([]);
    // The show begins a month later: no admission, no admitted visit day.
    expect(await db.select().from(admissions)).toEqual([]);
    expect(visits.filter((visit) => visit.admittedAt !== null)).toEqual([]);

    const accountOf = new Map(people.map((person) => [person.id, person]));
    const organizer = people.find((person) => person.email === DEMO_ACCOUNTS.organizer.identity);
    for (const code of codes) if (code.boundAt) expect(code.boundAt.getTime(), code.code).toBeGreaterThanOrEqual(code.createdAt.getTime());
    for (const application of applications) {
      const code = codes.find((candidate) => candidate.id === application.activationCodeId);
      const changes = history.filter((change) => change.audienceId === application.id).sort((a, b) => a.at.getTime() - b.at.getTime());
      const firstSubmission = changes[0]?.at ?? new Date(0);
      expect(changes[0]?.fromStatus).toBe('CREATED');
      expect(code?.boundAt?.getTime()).toBe(firstSubmission.getTime());
      expect(accountOf.get(application.accountId)?.createdAt.getTime()).toBeLessThan(firstSubmission.getTime());
      for (const photoId of [application.entryPhotoId, application.idPhotoId]) {
        expect(pictures.find((picture) => picture.id === photoId)?.createdAt.getTime()).toBeLessThan(firstSubmission.getTime());
      }
      // Each review came after the submission it decided, by an organizer whose account existed then.
      for (const change of changes.filter((candidate) => candidate.actorId === organizer?.id)) {
        expect(change.at.getTime()).toBeGreaterThan(firstSubmission.getTime());
        expect(organizer?.createdAt.getTime()).toBeLessThan(change.at.getTime());
      }
      expect(changes.at(-1)?.toStatus).toBe(application.approveStatus);
      const ticket = ledger.find((candidate) => candidate.subjectId === application.id);
      if (application.approveStatus === 'DONE') expect(ticket?.createdAt.getTime()).toBe(application.reviewedAt?.getTime());
    }

    // Every seeded applicant with both photos has the face-match score the organizer's detail shows (same person: high).
    const scores = await Promise.all(applications.map((row) => app.portal.app.services.applications.faceMatchScoreOf(row)));
    expect(scores.filter((score) => score === null)).toEqual([]);
    expect(Math.min(...(scores as number[]))).toBeGreaterThan(0.8);
  });

  it('lets the demo organizer review the list over HTTP; the photos are stored', async () => {
    const client = app.client({ locale: 'zh-CN' });
    await loginAs(client, DEMO_ACCOUNTS.organizer.identity, DEMO_ACCOUNTS.organizer.password, 'organizer');
    const { body } = await client.graphql<{ audiences: { total: number; nodes: Array<{ id: string; entryPhoto: { url: string } | null }> } }>(
      'query { audiences(filter: { statuses: [WAIT] }, pageSize: 5) { total nodes { id entryPhoto { url } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.audiences.total).toBeGreaterThan(10);
    expect(body.data?.audiences.nodes[0]?.entryPhoto?.url).toMatch(/^\/apis\/files\/photos\//);
    const picture = await client.fetch(body.data?.audiences.nodes[0]?.entryPhoto?.url ?? '');
    expect(picture.status).toBe(200);
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // The pictures are in the file store (served by the photo route, tested in modules/media).
    const [first] = await app.portal.database.db.select().from(audiences).limit(1);
    const photo = await app.portal.database.db.query.photos.findFirst({ where: (row, { eq }) => eq(row.id, first?.entryPhotoId ?? '') });
    const stored = await app.portal.app.services.files.getBuffer(photo?.storageKey ?? '');
    expect(stored?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored?.length).toBeGreaterThan(10_000);
  });

  it('runs only once, and the production seed then leaves the demo show alone', async () => {
    expect(await seedDemoData(app.portal.app.services, app.portal.database.db, NOW)).toBeUndefined();
    expect(await seedShowDefaults(app.portal.database.db)).toEqual({ days: 0, updateDeadline: false });
    expect(await app.portal.database.db.select().from(showDays)).toHaveLength(4);
  });

  it('fills bulk tickets and leaves the table analyzed: its planner statistics count every ticket', async () => {
    const db = app.portal.database.db;
    expect(await fillBulkTickets(db, 300, NOW)).toBe(300);
    // VACUUM ANALYZE scans the whole (small) table: the estimate the planner reads is the exact count.
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets);
    const [stats] = await db.select({ n: sql<number>`reltuples::int` }).from(sql`pg_class`).where(sql`relname = 'tickets'`);
    expect(stats?.n).toBe(counted?.n);
  });
});

describe('production seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('writes SPEC 9’s show once: 10–13 April 2025, 09:00 deadlines, update deadline 13 November 2024 23:59:59 Beijing time', async () => {
    expect(await seedShowDefaults(app.portal.database.db)).toEqual({ days: 4, updateDeadline: true });
    const days = await app.portal.database.db.select().from(showDays).orderBy(showDays.day);
    expect(days.map((day) => [day.day, day.capacity, day.deadline.toISOString()])).toEqual([
      ['2025-04-10', 5000, '2025-04-10T01:00:00.000Z'],
      ['2025-04-11', 5000, '2025-04-11T01:00:00.000Z'],
      ['2025-04-12', 5000, '2025-04-12T01:00:00.000Z'],
      ['2025-04-13', 5000, '2025-04-13T01:00:00.000Z'],
    ]);
    expect((await getProjectSetting(app.portal.database.db)).audienceUpdateDeadline?.toISOString()).toBe('2024-11-13T15:59:59.000Z');
    const again = await Promise.all([seedShowDefaults(app.portal.database.db), seedShowDefaults(app.portal.database.db)]);
    expect(again).toEqual([
      { days: 0, updateDeadline: false },
      { days: 0, updateDeadline: false },
    ]);
    expect(await app.portal.database.db.select().from(showDays)).toHaveLength(4);
  });
});
