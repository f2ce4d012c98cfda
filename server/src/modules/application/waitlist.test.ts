import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { gateRuleList, gateRulesOf } from '@portal/shared/ticket/gate-rules.schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { signedInClient } from '../../test/submissions';
import type { AccountModel } from '../account/account.models';
import { audienceVisitDates, audienceWaitlist, audiences, notices, showDays } from '../../db/schema/index';

// Over real HTTP on PGlite, and on PostgreSQL where DATABASE_URL is set (then the racers truly race).
const ENTRIES = `{ viewer { ... on User { audience { waitlist { day position offeredAt offerExpiresAt } visitDates { day } } } } }`;
const JOIN = `mutation ($day: String!) { joinWaitlist(day: $day) { day position offeredAt offerExpiresAt } }`;
const LEAVE = `mutation ($day: String!) { leaveWaitlist(day: $day) { day position } }`;
const CONFIRM = `mutation ($day: String!) { confirmWaitlistOffer(day: $day) { day } }`;
const WITHDRAW = `mutation { withdrawApplication }`;
const SELECT = `mutation ($input: SelectVisitDatesInput!) { selectVisitDates(input: $input) { day } }`;
const REFUSE = `mutation ($ids: [ID!]!, $reason: String!) { refuseAudiences(ids: $ids, reason: $reason) { id } }`;
const ERASE = `mutation ($ids: [ID!]!) { erasePersonalData(ids: $ids, confirmation: "1") }`;
const SETTINGS = `query { projectSettings { version nameZh nameEn showWebsiteUrl audienceRegOpen exhibitorRegOpen audienceUpdateDeadline retentionDays waitlistOfferHours qrPeriodSeconds ticketRules { kind rotating reentry cooldownMinutes } days { day capacity deadline held waitlistWaiting waitlistOffered } channels { id nameZh nameEn enabled } } }`;
const SAVE = `mutation ($input: ProjectSettingsInput!) { saveProjectSettings(input: $input) { version waitlistOfferHours days { day capacity held waitlistWaiting waitlistOffered } } }`;

interface Entry {
  day: string;
  position: number | null;
  offeredAt: string | null;
  offerExpiresAt: string | null;
}

interface Visitor {
  client: TestClient;
  account: AccountModel;
  audienceId: string;
  mobile: string;
}

/** A fresh day each time (2099-06-01 on): every test starts from its own line. */
let dayCount = 0;
const deadlineOf = (day: string) => new Date(`${day}T09:00:00+08:00`);

describe('the waitlist of full visit days', () => {
  let app: TestApp;
  let organizer: TestClient;
  const BASE_DAY = '2099-06-30';

  beforeAll(async () => {
    app = await createTestApp();
    await app.portal.database.db.insert(showDays).values({ day: BASE_DAY, capacity: 10_000, deadline: deadlineOf(BASE_DAY) });
    ({ client: organizer } = await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN', 'ROLE_PROJECT']));
  }, 60_000);
  afterAll(() => app.close());

  const db = () => app.portal.database.db;

  async function newDay(capacity: number) {
    dayCount += 1;
    const day = `2099-06-${String(dayCount).padStart(2, '0')}`;
    await db().insert(showDays).values({ day, capacity, deadline: deadlineOf(day) });
    return day;
  }

  /** A signed-in visitor whose application (pending unless said) holds `days`. */
  async function visitor(days: string[], status: 'WAIT' | 'DONE' | 'REFUSE' = 'DONE'): Promise<Visitor> {
    const { account } = await createAccount(app, 'audience');
    const mobile = account.mobile ?? '';
    const [row] = await db().insert(audiences).values({ accountId: account.id, approveStatus: status, name: '候补', mobile, email: `${account.id}@example.com`, submittedAt: new Date() }).returning({ id: audiences.id });
    if (!row) throw new Error('no application');
    if (days.length) await db().insert(audienceVisitDates).values(days.map((day) => ({ audienceId: row.id, day })));
    const client = app.client();
    await signInDirectly(app, client, account);
    return { client, account, audienceId: row.id, mobile };
  }

  async function entries(who: Visitor) {
    const { body } = await who.client.graphql<{ viewer: { audience: { waitlist: Entry[]; visitDates: Array<{ day: string }> } } }>(ENTRIES);
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.viewer.audience;
  }

  async function ok<T>(who: TestClient, query: string, variables?: Record<string, unknown>) {
    const { body } = await who.graphql<T>(query, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  }

  async function refused(who: TestClient, query: string, variables: Record<string, unknown> | undefined, code: string) {
    const { body } = await who.graphql(query, variables);
    expect(body.errors?.[0]?.extensions.code, JSON.stringify(body.errors)).toBe(code);
  }

  /** Who holds a seat on the day (a visit day of a pending or approved application), who is offered one, who waits in what order. */
  async function lineOf(day: string) {
    const held = await db()
      .select({ id: audienceVisitDates.audienceId })
      .from(audienceVisitDates)
      .innerJoin(audiences, eq(audiences.id, audienceVisitDates.audienceId))
      .where(and(eq(audienceVisitDates.day, day), inArray(audiences.approveStatus, ['WAIT', 'DONE'])));
    const line = await db().select().from(audienceWaitlist).where(eq(audienceWaitlist.day, day)).orderBy(audienceWaitlist.joinedAt, audienceWaitlist.id);
    return {
      held: held.map((row) => row.id).sort(),
      offered: line.filter((row) => row.offeredAt).map((row) => row.audienceId),
      waiting: line.filter((row) => !row.offeredAt).map((row) => row.audienceId),
    };
  }

  async function settings() {
    return (await ok<{ projectSettings: Record<string, unknown> & { version: number; days: Array<{ day: string; capacity: number; deadline: string; waitlistWaiting: number; waitlistOffered: number }>; ticketRules: unknown; channels: Array<{ id: string; nameZh: string; nameEn: string; enabled: boolean }> } }>(organizer, SETTINGS)).projectSettings;
  }

  async function saveCapacity(day: string, capacity: number, waitlistOfferHours?: number) {
    const current = await settings();
    const input = {
      version: current.version,
      nameZh: '摩托车博览会',
      nameEn: 'Motorcycle Expo',
      showWebsiteUrl: 'https://www.motoexpo.example.cn/',
      audienceRegOpen: true,
      exhibitorRegOpen: true,
      audienceUpdateDeadline: null,
      retentionDays: current.retentionDays,
      waitlistOfferHours,
      qrPeriodSeconds: current.qrPeriodSeconds,
      ticketRules: gateRuleList(gateRulesOf({})),
      channels: current.channels,
      days: current.days.map((row) => ({ day: row.day, capacity: row.day === day ? capacity : row.capacity, deadline: row.deadline })),
    };
    return ok<{ saveProjectSettings: { waitlistOfferHours: number; days: Array<{ day: string; held: number; waitlistWaiting: number; waitlistOffered: number }> } }>(organizer, SAVE, { input });
  }

  it('lets a visitor join only a full day, shows the place in line, and lets them leave', async () => {
    const day = await newDay(1);
    const holder = await visitor([BASE_DAY, day]);
    const first = await visitor([BASE_DAY]);
    const second = await visitor([BASE_DAY], 'WAIT');
    const open = await newDay(5);
    await refused(first.client, JOIN, { day: open }, 'WAITLIST_DAY_NOT_FULL');
    await refused(holder.client, JOIN, { day }, 'WAITLIST_ALREADY_HELD');
    await refused((await visitor([], 'REFUSE')).client, JOIN, { day }, 'WAITLIST_NOT_ALLOWED');
    await refused(first.client, JOIN, { day: '2099-12-31' }, 'VISIT_DATE_INVALID');

    expect((await ok<{ joinWaitlist: Entry[] }>(first.client, JOIN, { day })).joinWaitlist).toMatchObject([{ day, position: 1, offeredAt: null }]);
    await ok(second.client, JOIN, { day });
    // Joining twice keeps the place.
    await ok(first.client, JOIN, { day });
    expect((await entries(second)).waitlist).toMatchObject([{ day, position: 2 }]);
    expect((await ok<{ leaveWaitlist: Entry[] }>(first.client, LEAVE, { day })).leaveWaitlist).toEqual([]);
    expect((await entries(second)).waitlist).toMatchObject([{ day, position: 1 }]);
    // The organizers see the line's length per day.
    expect((await settings()).days.find((row) => row.day === day)).toMatchObject({ waitlistWaiting: 1, waitlistOffered: 0 });
  });

  it('offers a withdrawn seat to the first in line, notifies them, and their confirmation makes it a visit day', async () => {
    const day = await newDay(1);
    const holder = await visitor([BASE_DAY, day]);
    const [first, second] = [await visitor([BASE_DAY]), await visitor([BASE_DAY])];
    await ok(first!.client, JOIN, { day });
    await ok(second!.client, JOIN, { day });
    await refused(first!.client, CONFIRM, { day }, 'WAITLIST_NO_OFFER');

    await ok(holder.client, WITHDRAW);
    const [offer] = (await entries(first!)).waitlist;
    expect(offer).toMatchObject({ day, position: null });
    // The default window: 24 hours from the offer.
    expect(Date.parse(offer!.offerExpiresAt!) - Date.parse(offer!.offeredAt!)).toBe(24 * 3_600_000);
    expect((await entries(second!)).waitlist).toMatchObject([{ day, position: 1 }]);
    const sent = await db().select().from(notices).where(like(notices.dedupeKey, 'waitlist-offer:%'));
    expect(sent.some((row) => row.message.kind === 'sms' && row.message.to === first!.mobile && row.message.text.includes(day))).toBe(true);

    // The seat is held: nobody else can pick the day.
    const other = await visitor([BASE_DAY]);
    await refused(other.client, SELECT, { input: { days: [BASE_DAY, day], seenDeadlines: [] } }, 'VISIT_DATE_FULL');

    expect(await ok(first!.client, CONFIRM, { day })).toEqual({ confirmWaitlistOffer: [] });
    expect((await entries(first!)).visitDates.map((row) => row.day)).toEqual([day, BASE_DAY].sort());
    expect(await lineOf(day)).toEqual({ held: [first!.audienceId], offered: [], waiting: [second!.audienceId] });
  });

  it('hands seats on at a refusal, a dropped day, an erasure and a raised capacity; a refused application leaves every line', async () => {
    const day = await newDay(1);
    const holder = await visitor([BASE_DAY, day], 'WAIT');
    const line = [await visitor([BASE_DAY]), await visitor([BASE_DAY], 'WAIT'), await visitor([BASE_DAY]), await visitor([BASE_DAY]), await visitor([BASE_DAY])];
    for (const who of line) await ok(who.client, JOIN, { day });

    // A refusal: the holder's seat goes to line[0]; a refused visitor in line leaves it.
    await ok(organizer, REFUSE, { ids: [holder.audienceId, line[1]!.audienceId], reason: 'blurred photo' });
    expect(await lineOf(day)).toEqual({ held: [], offered: [line[0]!.audienceId], waiting: [line[2]!.audienceId, line[3]!.audienceId, line[4]!.audienceId] });

    // A dropped day: line[0] confirms, then drops it; line[2] is offered the seat.
    await ok(line[0]!.client, CONFIRM, { day });
    await ok(line[0]!.client, SELECT, { input: { days: [BASE_DAY], seenDeadlines: [] } });
    expect(await lineOf(day)).toMatchObject({ offered: [line[2]!.audienceId], waiting: [line[3]!.audienceId, line[4]!.audienceId] });

    // An erasure on request: the offered seat of line[2] goes to line[3].
    await ok(organizer, ERASE, { ids: [line[2]!.audienceId] });
    expect(await lineOf(day)).toMatchObject({ offered: [line[3]!.audienceId], waiting: [line[4]!.audienceId] });

    // A raised capacity offers the new seat, with the window the organizers set.
    const saved = await saveCapacity(day, 2, 6);
    expect(saved.saveProjectSettings.waitlistOfferHours).toBe(6);
    expect(saved.saveProjectSettings.days.find((row) => row.day === day)).toMatchObject({ held: 2, waitlistWaiting: 0, waitlistOffered: 2 });
    const [offer] = (await entries(line[4]!)).waitlist;
    expect(Date.parse(offer!.offerExpiresAt!) - Date.parse(offer!.offeredAt!)).toBe(6 * 3_600_000);
    // Capacity cannot go below the seats held, offered ones included.
    const current = await settings();
    const { body } = await organizer.graphql(SAVE, {
      input: {
        version: current.version, nameZh: '摩托车博览会', nameEn: 'Motorcycle Expo', showWebsiteUrl: 'https://www.motoexpo.example.cn/', audienceRegOpen: true, exhibitorRegOpen: true, audienceUpdateDeadline: null,
        retentionDays: current.retentionDays, qrPeriodSeconds: current.qrPeriodSeconds, ticketRules: gateRuleList(gateRulesOf({})), channels: current.channels,
        days: current.days.map((row) => ({ day: row.day, capacity: row.day === day ? 1 : row.capacity, deadline: row.deadline })),
      },
    });
    expect(body.errors?.[0]?.extensions.code).toBe('PROJECT_CAPACITY_BELOW_HELD');
    await saveCapacity(day, 2, 24);
  });

  it('gives a lapsed offer to the next in line, at the sweep or at a late confirmation', async () => {
    const day = await newDay(1);
    const holder = await visitor([BASE_DAY, day]);
    const line = [await visitor([BASE_DAY]), await visitor([BASE_DAY]), await visitor([BASE_DAY])];
    for (const who of line) await ok(who.client, JOIN, { day });
    await ok(holder.client, WITHDRAW);
    const clock = app.portal.app.services.clock;
    const realNow = clock.now;
    try {
      const later = Date.now() + 25 * 3_600_000;
      clock.now = () => later;
      // Before the sweep, the lapsed offer still holds its seat (nobody jumps the line by picking the day).
      await refused((await visitor([BASE_DAY])).client, SELECT, { input: { days: [BASE_DAY, day], seenDeadlines: [] } }, 'VISIT_DATE_FULL');
      expect(await app.portal.app.services.waitlist.sweep()).toBeGreaterThanOrEqual(1);
      expect(await lineOf(day)).toMatchObject({ offered: [line[1]!.audienceId], waiting: [line[2]!.audienceId] });
      expect((await lineOf(day)).held).not.toContain(line[0]!.audienceId);
      // The one who let the offer pass is told the seat has gone on.
      const lapses = await db().select().from(notices).where(like(notices.dedupeKey, 'waitlist-lapse:%'));
      expect(lapses.filter((row) => row.message.kind === 'sms' && row.message.to === line[0]!.mobile && row.message.text.includes(day))).toHaveLength(1);

      // A day later the session would have ended: the late confirmation is asked of the service itself.
      const muchLater = later + 25 * 3_600_000;
      clock.now = () => muchLater;
      const services = app.portal.app.services;
      await expect(services.waitlist.confirm(await services.accounts.viewerOf(line[1]!.account), { day })).rejects.toMatchObject({ code: 'WAITLIST_OFFER_EXPIRED' });
      expect(await lineOf(day)).toMatchObject({ offered: [line[2]!.audienceId], waiting: [] });
      await services.waitlist.confirm(await services.accounts.viewerOf(line[2]!.account), { day });
    } finally {
      clock.now = realNow;
    }
    expect(await lineOf(day)).toEqual({ held: [line[2]!.audienceId], offered: [], waiting: [] });
  });

  it('under concurrent withdrawals, joins, leaves and confirmations, gives no seat twice and skips no one', async () => {
    for (let round = 0; round < 3; round += 1) {
      const day = await newDay(2);
      const holders = [await visitor([BASE_DAY, day]), await visitor([BASE_DAY, day], 'WAIT')];
      const line = await Promise.all(Array.from({ length: 6 }, () => visitor([BASE_DAY])));
      for (const who of line) await ok(who.client, JOIN, { day });
      const joiners = await Promise.all(Array.from({ length: 3 }, () => visitor([BASE_DAY])));

      const racers = [
        ...holders.map((who) => who.client.graphql(WITHDRAW)),
        ...line.slice(0, 3).map((who) => who.client.graphql(CONFIRM, { day })),
        line[3]!.client.graphql(LEAVE, { day }),
        ...joiners.map((who) => who.client.graphql(JOIN, { day })),
      ];
      const results = await Promise.all(racers);
      for (const { body } of results) {
        if (body.errors) expect(['WAITLIST_NO_OFFER']).toContain(body.errors[0]?.extensions.code);
      }
      const after = await lineOf(day);
      // Two seats, each given once: to the first two in line (confirmed or offered); the rest wait in order.
      expect([...after.held, ...after.offered].sort()).toEqual([line[0]!.audienceId, line[1]!.audienceId].sort());
      // line[2]'s confirmation found no offer: it waits first, then the rest in order, the new joiners last.
      expect(after.waiting.slice(0, 3)).toEqual([line[2]!.audienceId, line[4]!.audienceId, line[5]!.audienceId]);
      expect(after.waiting.slice(3).sort()).toEqual(joiners.map((who) => who.audienceId).sort());

      // Second wave: the two seated ones let the day go (drop it, or leave the offer) while the rest confirm.
      const secondWave = [
        ...line.slice(0, 2).map((who) => (after.held.includes(who.audienceId) ? who.client.graphql(SELECT, { input: { days: [BASE_DAY], seenDeadlines: [] } }) : who.client.graphql(LEAVE, { day }))),
        ...[line[2]!, line[4]!, line[5]!, ...joiners].map((who) => who.client.graphql(CONFIRM, { day })),
      ];
      for (const { body } of await Promise.all(secondWave)) {
        if (body.errors) expect(['WAITLIST_NO_OFFER']).toContain(body.errors[0]?.extensions.code);
      }
      const end = await lineOf(day);
      expect([...end.held, ...end.offered].sort()).toEqual([line[2]!.audienceId, line[4]!.audienceId].sort());
      expect(end.waiting.slice(0, 1)).toEqual([line[5]!.audienceId]);
      expect(end.waiting.slice(1).sort()).toEqual(joiners.map((who) => who.audienceId).sort());
    }
  }, 120_000);
});
