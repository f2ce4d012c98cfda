import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/shared/auth/scopes';
import { admissions, audienceStatusHistory, tickets } from '../../db/schema/index';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { insertApplication } from '../review/review-export.test-support';

const DASHBOARD = `query ($day: String) {
  dashboard {
    generatedAt
    applications { statuses { status count } activity { day submitted approved refused } bookings { day capacity held approved } }
    exhibitors { exhibitors { status count } badges { status count } }
    admissions(day: $day) { day total byHour { hour entries reEntries } byGate { gate count } }
  }
}`;

interface Dashboard {
  dashboard: {
    applications: { statuses: Array<{ status: string; count: number }>; activity: Array<{ day: string; submitted: number; approved: number; refused: number }>; bookings: Array<{ day: string; capacity: number; held: number; approved: number }> } | null;
    exhibitors: { exhibitors: Array<{ status: string; count: number }>; badges: Array<{ status: string; count: number }> } | null;
    admissions: { day: string; total: number; byHour: Array<{ hour: number; entries: number; reEntries: number }>; byGate: Array<{ gate: string | null; count: number }> } | null;
  };
}

describe('the organizer dashboard', () => {
  let app: TestApp;
  let firstDay: string;

  async function organizer(roles: Role[]): Promise<TestClient> {
    const { account } = await createAccount(app, 'organizer', { roles });
    const client = app.client();
    await signInDirectly(app, client, account);
    return client;
  }

  beforeAll(async () => {
    app = await createTestApp();
    firstDay = '2099-04-10';
    for (const day of [firstDay, '2099-04-11']) {
      await app.portal.app.services.show.upsertShowDay({ day, capacity: 50, deadline: new Date(`${day}T09:00:00+08:00`) });
    }
    const db = app.portal.database.db;
    const now = new Date(app.portal.app.services.clock.now());
    const waiting = await insertApplication(app, { status: 'WAIT', name: '张伟', submittedAt: now, visitDays: [firstDay] });
    const approved = await insertApplication(app, { status: 'DONE', name: '李娜', submittedAt: now, visitDays: [firstDay] });
    await insertApplication(app, { status: 'REFUSE', name: '王芳', submittedAt: now, visitDays: [firstDay] });
    await db.insert(audienceStatusHistory).values([
      { audienceId: waiting.id, fromStatus: 'CREATED', toStatus: 'WAIT', at: now },
      { audienceId: approved.id, fromStatus: 'WAIT', toStatus: 'DONE', at: now },
    ]);
    // Two entries at 08:xx and one re-entry at 09:xx Beijing time, at two gates.
    const [approvedTicket, otherTicket] = await db
      .insert(tickets)
      .values([approved, waiting].map((holder) => ({ kind: 'VISITOR' as const, subjectId: holder.id, holderName: '', holderApproved: true })))
      .returning();
    await db.insert(admissions).values([
      { ticketId: approvedTicket?.id ?? '', day: firstDay, at: new Date(`${firstDay}T08:31:00+08:00`), gate: 'North 1', scanId: 'scan-1' },
      { ticketId: otherTicket?.id ?? '', day: firstDay, at: new Date(`${firstDay}T08:59:00+08:00`), gate: 'South 2', scanId: 'scan-2' },
      { ticketId: approvedTicket?.id ?? '', day: firstDay, at: new Date(`${firstDay}T09:05:00+08:00`), gate: 'North 1', reEntry: true, sequence: 2, scanId: 'scan-3' },
    ]);
    await createAccount(app, 'exhibitor');
  });
  afterAll(() => app.close());

  it('needs an organizer', async () => {
    expect((await app.client().graphql(DASHBOARD)).body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
    const { account } = await createAccount(app, 'audience');
    const visitor = app.client();
    await signInDirectly(app, visitor, account);
    expect((await visitor.graphql(DASHBOARD)).body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
  });

  it('shows each organizer the figures of the sections their roles open, and nothing else', async () => {
    const audience = await (await organizer(['ROLE_AUDIENCE'])).graphql<Dashboard>(DASHBOARD);
    expect(audience.body.data?.dashboard).toMatchObject({ exhibitors: null, admissions: null });
    const applications = audience.body.data?.dashboard.applications;
    expect(applications?.statuses).toEqual(expect.arrayContaining([{ status: 'WAIT', count: 1 }, { status: 'DONE', count: 1 }, { status: 'REFUSE', count: 1 }]));
    expect(applications?.activity).toHaveLength(30);
    expect(applications?.activity.at(-1)).toMatchObject({ submitted: 1, approved: 1, refused: 0 });
    expect(applications?.bookings[0]).toMatchObject({ day: firstDay, held: 2, approved: 1 });

    const exhibitor = await (await organizer(['ROLE_EXHIBITOR'])).graphql<Dashboard>(DASHBOARD);
    expect(exhibitor.body.data?.dashboard).toMatchObject({ applications: null, admissions: null });
    expect(exhibitor.body.data?.dashboard.exhibitors?.exhibitors).toEqual([{ status: 'ACTIVE', count: 1 }]);

    const none = await (await organizer(['ROLE_PROJECT'])).graphql<Dashboard>(DASHBOARD);
    expect(none.body.data?.dashboard).toMatchObject({ applications: null, exhibitors: null, admissions: null });
  });

  it('counts a show day’s admissions per Beijing hour and per gate', async () => {
    const ticket = await organizer(['ROLE_TICKET']);
    const { body } = await ticket.graphql<Dashboard>(DASHBOARD, { day: firstDay });
    expect(body.data?.dashboard.admissions).toEqual({
      day: firstDay,
      total: 3,
      byHour: [
        { hour: 8, entries: 2, reEntries: 0 },
        { hour: 9, entries: 0, reEntries: 1 },
      ],
      byGate: [
        { gate: 'North 1', count: 2 },
        { gate: 'South 2', count: 1 },
      ],
    });
    const defaulted = await ticket.graphql<Dashboard>(DASHBOARD);
    expect(defaulted.body.data?.dashboard.admissions?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('serves the same figures for ten seconds, then counts anew', async () => {
    const ticket = await organizer(['ROLE_TICKET']);
    const secondDay = '2099-04-11';
    const total = async () => (await ticket.graphql<Dashboard>(DASHBOARD, { day: secondDay })).body.data?.dashboard.admissions?.total;
    expect(await total()).toBe(0);
    const [holder] = await app.portal.database.db.select().from(tickets).limit(1);
    await app.portal.database.db.insert(admissions).values({ ticketId: holder?.id ?? '', day: secondDay, at: new Date(`${secondDay}T10:00:00+08:00`), gate: 'North 1', scanId: 'scan-4' });
    expect(await total()).toBe(0);
    const clock = app.portal.app.services.clock;
    const later = clock.now() + 10_001;
    const moved = vi.spyOn(clock, 'now').mockReturnValue(later);
    try {
      expect(await total()).toBe(1);
    } finally {
      moved.mockRestore();
    }
  });
});
