import { ZApplicationFields } from '@portal/shared/application/application.schema';
import { parseInput } from '../../lib/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { admissions, audienceVisitDates, photos, tickets } from '../../db/schema/index';
import type { AccountModel } from '../account/account.models';
import type { GateDevice, TicketHolder } from './ticket.models';
import { badgeInputSchema } from '@portal/shared/badge/badge.schema';

const SHOW_DAYS = ['2027-04-10', '2027-04-11', '2027-04-12', '2027-04-13'];
const NOW = new Date('2027-03-01T04:00:00Z');
const ORIGIN = { ip: '127.0.0.1', requestId: 'test' };
const at = (day: string, time = '08:30') => new Date(`${day}T${time}:00+08:00`);
let serial = 0;

function mainlandId(prefix = '11010519900506') {
  serial += 1;
  const first17 = `${prefix}${String(serial % 1000).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

describe('the ticket ledger and the scan decisions', () => {
  let app: TestApp;
  let db: TestApp['portal']['database']['db'];
  let services: TestApp['portal']['app']['services'];
  let reviewer: AccountModel;
  const gate: GateDevice = { id: randomUUID(), name: 'East gate 1', days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'], direction: 'ENTRY' };
  const otherGate: GateDevice = { id: randomUUID(), name: 'West gate 2', days: [], ticketKinds: ['VISITOR', 'BADGE'], direction: 'ENTRY' };

  beforeAll(async () => {
    app = await createTestApp();
    db = app.portal.database.db;
    services = app.portal.app.services;
    for (const day of SHOW_DAYS) await services.show.upsertShowDay({ day, capacity: 100, deadline: new Date(`${day}T09:00:00+08:00`) });
    reviewer = (await createAccount(app, 'organizer', { roles: ['ROLE_SUPER_ADMIN'] })).account;
  });
  afterAll(() => app.close());
  beforeEach(() => {
    services.clock.now = () => NOW.getTime();
  });

  const viewerOf = (account: AccountModel) => services.accounts.viewerOf(account);
  const ticketOf = async (kind: 'VISITOR' | 'BADGE', subjectId: string) => (await db.select().from(tickets).where(and(eq(tickets.kind, kind), eq(tickets.subjectId, subjectId))))[0];
  const scan = (input: { qr: string; at: Date; device?: GateDevice; scanId?: string; offline?: boolean; deviceAdmitted?: boolean }) =>
    db.transaction((tx) => services.tickets.admitScan(tx, { device: gate, scanId: randomUUID(), offline: false, ...input }));

  async function photo(ownerId: string, purpose: 'ENTRY_CARD' | 'ID_CARD' | 'BADGE' | 'BADGE_ID') {
    const [row] = await db.insert(photos).values({ ownerId, purpose, storageKey: `test/${randomUUID()}`, contentType: 'image/jpeg', width: 600, height: 800, bytes: 50_000 }).returning();
    return row!.id;
  }

  /** A visitor who submitted an application for the days (WAIT). */
  async function applicant(days: string[]) {
    const { account } = await createAccount(app, 'audience');
    const code = `VIP-${randomUUID().slice(0, 8).toUpperCase()}`;
    await services.activationCodes.insert([code], 'test');
    const input = {
      name: '张三',
      mobile: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      email: 'zhang@example.com',
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(),
      entryPhotoId: await photo(account.id, 'ENTRY_CARD'),
      idPhotoId: await photo(account.id, 'ID_CARD'),
      visitDates: days,
      activationCode: code,
      truthConfirmed: true,
      sensitiveConsent: true,
    };
    const submit = async (overrides: Record<string, unknown> = {}) => services.applications.submit(await viewerOf(account), parseInput(ZApplicationFields, { ...input, ...overrides }));
    return { account, audience: await submit(), submit };
  }

  const approve = async (ids: string[]) => services.review.approve(await viewerOf(reviewer), { ids }, ORIGIN);
  const refuse = async (ids: string[]) => services.review.refuse(await viewerOf(reviewer), { ids, reason: '资料不符' }, ORIGIN);

  async function approvedVisitor(days: string[]) {
    const visitor = await applicant(days);
    await approve([visitor.audience.id]);
    const ticketId = (await ticketOf('VISITOR', visitor.audience.id))!.id;
    // These decisions are the ledger's: a printed (static) token; the rotating code has its own tests (entrance-rotating-qr.test.ts).
    return { ...visitor, qr: await services.tickets.printedToken(ticketId), ticketId };
  }

  /** A ledger row written directly (the holder's state alone matters to a decision). */
  async function holder(overrides: Partial<TicketHolder> = {}) {
    const row: TicketHolder = { kind: 'BADGE', subjectId: randomUUID(), holderName: '李四', organization: '测试摩托', days: [], approved: true, entryPhotoId: null, idPhotoId: null, region: null, counterCheck: false, ...overrides };
    await services.tickets.syncHolder(db, row);
    return { ...row, qr: services.tickets.badgeToken(row.subjectId), ticketId: (await ticketOf(row.kind, row.subjectId))?.id ?? '' };
  }

  describe('the ledger follows applications and badges', () => {
    it('approve → visit-day change → revoke → resubmit → approve: one row, every change a higher version', async () => {
      const visitor = await applicant(['2027-04-10']);
      expect(await ticketOf('VISITOR', visitor.audience.id)).toBeUndefined();

      await approve([visitor.audience.id]);
      const approved = await ticketOf('VISITOR', visitor.audience.id);
      expect(approved).toMatchObject({ holderName: '张三', days: ['2027-04-10'], holderApproved: true, erasedAt: null });
      expect(approved?.entryPhotoId).toBe(visitor.audience.entryPhotoId);

      const deadline = (day: string) => ({ day, deadline: new Date(`${day}T09:00:00+08:00`) });
      await services.applications.selectVisitDates(await viewerOf(visitor.account), { days: ['2027-04-10', '2027-04-12'], seenDeadlines: [deadline('2027-04-10'), deadline('2027-04-12')] });
      const moved = await ticketOf('VISITOR', visitor.audience.id);
      expect(moved?.days).toEqual(['2027-04-10', '2027-04-12']);
      expect(moved!.version).toBeGreaterThan(approved!.version);

      await refuse([visitor.audience.id]);
      const revoked = await ticketOf('VISITOR', visitor.audience.id);
      expect(revoked).toMatchObject({ id: approved?.id, holderApproved: false });
      expect(revoked!.version).toBeGreaterThan(moved!.version);

      await visitor.submit({ name: '张三丰', visitDates: ['2027-04-11'] });
      const resubmitted = await ticketOf('VISITOR', visitor.audience.id);
      expect(resubmitted).toMatchObject({ id: approved?.id, holderName: '张三丰', days: ['2027-04-11'], holderApproved: false });
      expect(resubmitted!.version).toBeGreaterThan(revoked!.version);

      await approve([visitor.audience.id]);
      expect(await ticketOf('VISITOR', visitor.audience.id)).toMatchObject({ id: approved?.id, holderApproved: true });
      expect(await db.select().from(tickets).where(eq(tickets.subjectId, visitor.audience.id))).toHaveLength(1);
    });

    it('a decision that changes nothing of the ticket writes nothing (the feed stays small)', async () => {
      const visitor = await approvedVisitor(['2027-04-10']);
      const before = await ticketOf('VISITOR', visitor.audience.id);
      // The province of the mainland ID, derived when the holder was synced (the ledger never sees the number).
      expect(before?.holderRegion).toBe('CN-11');
      await services.tickets.syncHolder(db, { kind: 'VISITOR', subjectId: visitor.audience.id, holderName: '张三', organization: null, days: ['2027-04-10'], approved: true, entryPhotoId: before!.entryPhotoId, idPhotoId: before!.idPhotoId, counterCheck: false, region: before!.holderRegion });
      expect((await ticketOf('VISITOR', visitor.audience.id))?.version).toBe(before?.version);
    });

    it('many holders at once: each approved one gets its ticket, a repeat writes nothing, a revoked one only updates', async () => {
      const holders: TicketHolder[] = Array.from({ length: 3 }, (_, index) => ({ kind: 'BADGE', subjectId: randomUUID(), holderName: `员工${index}`, organization: '测试摩托', days: [], approved: true, entryPhotoId: null, idPhotoId: null, counterCheck: false, region: null }));
      const stranger: TicketHolder = { ...holders[0]!, subjectId: randomUUID(), approved: false };
      await services.tickets.syncHolders(db, [...holders, stranger]);
      const issued = await Promise.all(holders.map((row) => ticketOf('BADGE', row.subjectId)));
      expect(issued.map((ticket) => ticket?.holderApproved)).toEqual([true, true, true]);
      expect(await ticketOf('BADGE', stranger.subjectId)).toBeUndefined();

      await services.tickets.syncHolders(db, [...holders.slice(1), { ...holders[0]!, approved: false }]);
      const after = await Promise.all(holders.map((row) => ticketOf('BADGE', row.subjectId)));
      expect(after.map((ticket) => ticket?.holderApproved)).toEqual([false, true, true]);
      expect(after[0]!.version).toBeGreaterThan(issued[0]!.version);
      expect(after.slice(1).map((ticket) => ticket?.version)).toEqual(issued.slice(1).map((ticket) => ticket?.version));
    });

    it('badges: approve creates the ticket, reject and edit keep it inactive, delete erases it', async () => {
      const { account } = await createAccount(app, 'exhibitor', { credentialLimit: 5 });
      const staff = await viewerOf(account);
      const input = {
        name: '王五',
        namePinyin: 'Wang Wu',
        countryCode: '+86',
        phoneNumber: `1390000${String(serial).padStart(4, '0')}`,
        email: 'staff@example.com',
        idType: 'MAINLAND_ID',
        idNumber: mainlandId('31010419850312'),
        country: 'CN',
        deptName: '销售部',
        position: '经理',
        companyNameZh: '测试摩托',
        companyNameEn: 'Test Moto',
        entryPhotoId: await photo(account.id, 'BADGE'),
        idPhotoId: await photo(account.id, 'BADGE_ID'),
        truthConfirmed: true,
        sensitiveConsent: true,
      };
      const rules = badgeInputSchema(await services.badgeFiling.ruleContext());
      const badge = await services.badgeFiling.save(staff, null, rules.parse(input), ORIGIN);
      expect(await ticketOf('BADGE', badge.id)).toBeUndefined();
      const organizer = await viewerOf(reviewer);

      await services.badgeReview.approve(organizer, { ids: [badge.id] }, ORIGIN);
      expect(await ticketOf('BADGE', badge.id)).toMatchObject({ holderName: '王五', organization: '测试摩托', days: [], holderApproved: true, holderRegion: 'CN-31' });
      await services.badgeReview.reject(organizer, { ids: [badge.id], reason: '照片不清晰' }, ORIGIN);
      expect(await ticketOf('BADGE', badge.id)).toMatchObject({ holderApproved: false });
      await services.badgeFiling.save(staff, badge.id, rules.parse({ ...input, name: '王六' }), ORIGIN);
      expect(await ticketOf('BADGE', badge.id)).toMatchObject({ holderName: '王六', holderApproved: false });

      const denied = await scan({ qr: services.tickets.badgeToken(badge.id), at: at('2027-04-10') });
      expect(denied).toMatchObject({ admit: false, reason: 'BADGE_NOT_APPROVED', ticket: { kind: 'BADGE', holderName: '王六' } });

      await services.badgeFiling.remove(staff, badge.id, ORIGIN);
      expect(await ticketOf('BADGE', badge.id)).toMatchObject({ holderName: '', organization: null, entryPhotoId: null, idPhotoId: null, holderApproved: false });
      expect((await ticketOf('BADGE', badge.id))?.erasedAt).not.toBeNull();
    });

    it("erasure blanks the ticket's holder and keeps its admissions", async () => {
      const visitor = await approvedVisitor(['2027-04-10']);
      await scan({ qr: visitor.qr, at: at('2027-04-10') });
      await services.personalData.erase(reviewer.id, [visitor.audience.id], ORIGIN);
      const erased = await ticketOf('VISITOR', visitor.audience.id);
      expect(erased).toMatchObject({ holderName: '', entryPhotoId: null, idPhotoId: null });
      expect(erased?.erasedAt).not.toBeNull();
      expect(await db.select().from(admissions).where(eq(admissions.ticketId, visitor.ticketId))).toHaveLength(1);
      expect(await scan({ qr: visitor.qr, at: at('2027-04-10', '10:00') })).toMatchObject({ admit: false, reason: 'HOLDER_ERASED', ticket: { holderName: '', photoUrl: null } });
      expect(await services.tickets.holderPhotoId(visitor.ticketId)).toBeNull();
    });

    it('a withdrawn application leaves an erased ticket', async () => {
      const visitor = await approvedVisitor(['2027-04-12']);
      await services.personalData.withdraw(visitor.account.id, ORIGIN);
      expect((await ticketOf('VISITOR', visitor.audience.id))?.erasedAt).not.toBeNull();
    });
  });

  describe('online scans', () => {
    it('admits on a chosen day, then re-entries; the day is admitted for the application; the answer has the fixed shape', async () => {
      const visitor = await approvedVisitor(['2027-04-10', '2027-04-11']);
      const first = await scan({ qr: visitor.qr, at: at('2027-04-10', '08:31'), scanId: 'scan-1' });
      expect(first).toEqual({
        scanId: 'scan-1',
        offline: false,
        admit: true,
        reason: 'ENTRY',
        day: '2027-04-10',
        at: '2027-04-10T08:31:00.000+08:00',
        ticket: { id: visitor.ticketId, kind: 'VISITOR', holderName: '张三', organization: null, photoUrl: `/apis/hardware/v1/photos/${visitor.ticketId}`, counterCheck: false },
        entriesToday: 1,
        conflict: null,
      });
      expect(await scan({ qr: visitor.qr, at: at('2027-04-10', '12:00') })).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2 });
      expect(await scan({ qr: visitor.qr, at: at('2027-04-11', '09:00') })).toMatchObject({ admit: true, reason: 'ENTRY', entriesToday: 1 });
      const rows = await db.select().from(admissions).where(eq(admissions.ticketId, visitor.ticketId)).orderBy(admissions.at);
      expect(rows.map((row) => [row.day, row.sequence, row.reEntry, row.gate])).toEqual([
        ['2027-04-10', 1, false, 'East gate 1'],
        ['2027-04-10', 2, true, 'East gate 1'],
        ['2027-04-11', 1, false, 'East gate 1'],
      ]);
      expect(await services.tickets.holderPhotoId(visitor.ticketId)).toBe(visitor.audience.entryPhotoId);

      // The application's rules follow real admissions: the day stays, the application cannot be withdrawn.
      const [day] = await db.select().from(audienceVisitDates).where(and(eq(audienceVisitDates.audienceId, visitor.audience.id), eq(audienceVisitDates.day, '2027-04-10')));
      expect(day?.admittedAt).toEqual(at('2027-04-10', '08:31'));
      await expect(
        services.applications.selectVisitDates(await viewerOf(visitor.account), { days: ['2027-04-11'], seenDeadlines: [] }),
      ).rejects.toMatchObject({ code: 'VISIT_DATE_REDEEMED' });
      await expect(services.personalData.withdraw(visitor.account.id, ORIGIN)).rejects.toMatchObject({ code: 'AUDIENCE_WITHDRAW_AFTER_VISIT' });
      // The visitor's own record page reads the same admissions.
      expect(await services.tickets.admissionsOf(visitor.audience.id)).toHaveLength(3);
    });

    it('the same scan id of the same device records once and answers the same', async () => {
      const badge = await holder();
      const once = await scan({ qr: badge.qr, at: at('2027-04-10'), scanId: 'same' });
      const twice = await scan({ qr: badge.qr, at: at('2027-04-10'), scanId: 'same' });
      expect(twice).toEqual(once);
      expect(await db.select().from(admissions).where(eq(admissions.ticketId, badge.ticketId))).toHaveLength(1);
    });

    it('denies each case with its own reason and records nothing', async () => {
      const visitor = await approvedVisitor(['2027-04-10']);
      const pending = await applicant(['2027-04-10']);
      await approve([pending.audience.id]);
      await refuse([pending.audience.id]);
      const pendingQr = await services.tickets.printedToken((await ticketOf('VISITOR', pending.audience.id))!.id);
      const revoked = await holder();
      await db.update(tickets).set({ revokedAt: at('2027-04-01') }).where(eq(tickets.id, revoked.ticketId));
      const rejectedBadge = await holder({ approved: false });
      await holder({ subjectId: rejectedBadge.subjectId, approved: true });
      await holder({ subjectId: rejectedBadge.subjectId, approved: false });
      const erased = await holder();
      await db.transaction((tx) => services.tickets.eraseHolders(tx, 'BADGE', [erased.subjectId]));
      const [body] = visitor.qr.split('.');
      const cases: Array<[string, Parameters<typeof scan>[0], string]> = [
        ['junk', { qr: 'not-a-ticket', at: at('2027-04-10') }, 'BAD_SIGNATURE'],
        ['a forged signature', { qr: `${body}.${'A'.repeat(86)}`, at: at('2027-04-10') }, 'BAD_SIGNATURE'],
        ['a ticket the ledger does not hold', { qr: services.tickets.badgeToken(randomUUID()), at: at('2027-04-10') }, 'UNKNOWN_TICKET'],
        ['an erased holder', { qr: erased.qr, at: at('2027-04-10') }, 'HOLDER_ERASED'],
        ['a revoked ticket', { qr: revoked.qr, at: at('2027-04-10') }, 'TICKET_REVOKED'],
        ['a refused application', { qr: pendingQr, at: at('2027-04-10') }, 'APPLICATION_NOT_APPROVED'],
        ['a rejected badge', { qr: rejectedBadge.qr, at: at('2027-04-10') }, 'BADGE_NOT_APPROVED'],
        ['a day that is no show day', { qr: visitor.qr, at: at('2027-04-14') }, 'NOT_SHOW_DAY'],
        ['a day the visitor did not choose (Beijing time: 16:30 UTC is the next day)', { qr: visitor.qr, at: new Date('2027-04-10T16:30:00Z') }, 'DAY_NOT_SELECTED'],
        ['a device that does not admit badges', { qr: (await holder()).qr, at: at('2027-04-10'), device: { ...gate, ticketKinds: ['VISITOR'] } }, 'DEVICE_KIND_NOT_ALLOWED'],
        ['a device not open that day', { qr: visitor.qr, at: at('2027-04-10'), device: { ...gate, days: ['2027-04-11'] } }, 'DEVICE_DAY_NOT_ALLOWED'],
      ];
      for (const [label, input, reason] of cases) {
        expect(await scan(input), label).toMatchObject({ admit: false, reason, conflict: null });
      }
      expect(await scan(cases[0]![1])).toMatchObject({ ticket: null, entriesToday: 0 });
      expect(await db.select().from(admissions).where(eq(admissions.ticketId, visitor.ticketId))).toHaveLength(0);
      // Badges admit on every show day.
      expect(await scan({ qr: (await holder()).qr, at: at('2027-04-13') })).toMatchObject({ admit: true, reason: 'ENTRY' });
    });
  });

  describe('offline uploads', () => {
    /** The upload arrives after the show (the holders are made before it: their deadlines have passed then). */
    const uploadAfterTheShow = () => {
      services.clock.now = () => at('2027-04-20').getTime();
    };

    it('two devices that admitted one ticket offline: both kept, the later-recorded marked DUPLICATE_ENTRY', async () => {
      const visitor = await approvedVisitor(['2027-04-11']);
      uploadAfterTheShow();
      const offline = { offline: true, deviceAdmitted: true };
      const east = await scan({ qr: visitor.qr, at: at('2027-04-11', '08:30'), device: gate, ...offline });
      const west = await scan({ qr: visitor.qr, at: at('2027-04-11', '08:35'), device: otherGate, ...offline });
      expect(east).toMatchObject({ admit: true, reason: 'ENTRY', entriesToday: 1, conflict: null });
      expect(west).toMatchObject({ admit: true, reason: 'RE_ENTRY', entriesToday: 2, conflict: 'DUPLICATE_ENTRY' });
      // The first device's own later scan is a re-entry it knew of: no conflict.
      expect(await scan({ qr: visitor.qr, at: at('2027-04-11', '13:00'), device: gate, ...offline })).toMatchObject({ reason: 'RE_ENTRY', conflict: null });
      const rows = await db.select().from(admissions).where(eq(admissions.ticketId, visitor.ticketId)).orderBy(admissions.sequence);
      expect(rows.map((row) => [row.gate, row.offline, row.conflict, row.at])).toEqual([
        ['East gate 1', true, null, at('2027-04-11', '08:30')],
        ['West gate 2', true, 'DUPLICATE_ENTRY', at('2027-04-11', '08:35')],
        ['East gate 1', true, null, at('2027-04-11', '13:00')],
      ]);
    });

    it('an admitted scan of a ticket revoked before the scan time is kept as NOT_VALID_AT_SCAN; one made before it is valid', async () => {
      const badge = await holder();
      uploadAfterTheShow();
      await db.update(tickets).set({ revokedAt: at('2027-04-12', '09:00') }).where(eq(tickets.id, badge.ticketId));
      const before = await scan({ qr: badge.qr, at: at('2027-04-12', '08:50'), offline: true, deviceAdmitted: true });
      const after = await scan({ qr: badge.qr, at: at('2027-04-12', '09:30'), device: otherGate, offline: true, deviceAdmitted: true });
      expect(before).toMatchObject({ admit: true, reason: 'ENTRY', conflict: null });
      expect(after).toMatchObject({ admit: true, reason: 'TICKET_REVOKED', entriesToday: 2, conflict: 'NOT_VALID_AT_SCAN' });
      expect((await db.select().from(admissions).where(eq(admissions.ticketId, badge.ticketId))).map((row) => row.conflict).sort()).toEqual(['NOT_VALID_AT_SCAN', null]);
    });

    it('a scan the device denied offline records nothing; a valid ticket says so in its reason, never ENTRY', async () => {
      const badge = await holder();
      uploadAfterTheShow();
      expect(await scan({ qr: badge.qr, at: at('2027-04-12'), offline: true, deviceAdmitted: false })).toMatchObject({
        offline: true,
        admit: false,
        reason: 'VALID_BUT_DENIED_OFFLINE',
        entriesToday: 0,
        conflict: null,
      });
      expect(await scan({ qr: badge.qr, at: at('2027-04-14'), offline: true, deviceAdmitted: false })).toMatchObject({ admit: false, reason: 'NOT_SHOW_DAY' });
      expect(await db.select().from(admissions).where(eq(admissions.ticketId, badge.ticketId))).toHaveLength(0);
    });

    it('a scan dated after its arrival is recorded at the arrival as SCAN_TIME_IN_FUTURE; the visit day it names is not admitted', async () => {
      const visitor = await approvedVisitor(['2027-04-12', '2027-04-13']);
      const arrival = at('2027-04-12', '10:00');
      services.clock.now = () => arrival.getTime();
      const answer = await scan({ qr: visitor.qr, at: at('2027-04-13', '10:00'), offline: true, deviceAdmitted: true });
      expect(answer).toMatchObject({ admit: true, day: '2027-04-12', at: '2027-04-12T10:00:00.000+08:00', conflict: 'SCAN_TIME_IN_FUTURE' });
      const rows = await db.select().from(admissions).where(eq(admissions.ticketId, visitor.ticketId));
      expect(rows.map((row) => [row.day, row.at, row.conflict])).toEqual([['2027-04-12', arrival, 'SCAN_TIME_IN_FUTURE']]);
      const days = await db.select().from(audienceVisitDates).where(eq(audienceVisitDates.audienceId, visitor.audience.id));
      expect(days.map((day) => day.admittedAt)).toEqual([null, null]);
      // Within five minutes ahead (a clock's drift): a clean entry at the device's time.
      const drift = await scan({ qr: visitor.qr, at: new Date(arrival.getTime() + 4 * 60_000), offline: true, deviceAdmitted: true });
      expect(drift).toMatchObject({ at: '2027-04-12T10:04:00.000+08:00', conflict: null });
    });
  });

  describe('the device feed', () => {
    it("full: the day's admitting tickets of the device's kinds; incremental: what changed since, with its state", async () => {
      const visitor = await approvedVisitor(['2027-04-13']);
      const otherDay = await approvedVisitor(['2027-04-12']);
      const badge = await holder();
      const full = await services.tickets.feed(otherGate, 0, '2027-04-13');
      expect(full).toMatchObject({ full: true, day: '2027-04-13', publicKey: services.tickets.publicKeyPem() });
      // Visitor tickets rotate by default: their rows carry the secret; a badge's none.
      const secret = (await ticketOf('VISITOR', visitor.audience.id))!.qrSecret;
      expect(full.tickets).toContainEqual(['A', visitor.audience.id, visitor.ticketId, 1, null, secret, 0]);
      expect(full.tickets).toContainEqual(['B', badge.subjectId, badge.ticketId, 1, null, null, 0]);
      expect(full.reentry).toEqual({ VISITOR: { policy: 'UNLIMITED', cooldownMinutes: null }, BADGE: { policy: 'UNLIMITED', cooldownMinutes: null } });
      expect(full.tickets.some((row) => row[2] === otherDay.ticketId)).toBe(false);
      expect((await services.tickets.feed({ ...otherGate, ticketKinds: ['VISITOR'] }, 0, '2027-04-13')).tickets.some((row) => row[0] === 'B')).toBe(false);
      expect((await services.tickets.feed(otherGate, 0, '2027-04-14')).tickets).toEqual([]);

      await refuse([visitor.audience.id]);
      const incremental = await services.tickets.feed(otherGate, full.version, '2027-04-13');
      expect(incremental).toMatchObject({ full: false, tickets: [['A', visitor.audience.id, visitor.ticketId, 0, 'APPLICATION_NOT_APPROVED', secret, 0]] });
      expect(incremental.version).toBeGreaterThan(full.version);
      expect((await services.tickets.feed(otherGate, incremental.version, '2027-04-13')).tickets).toEqual([]);
    });
  });

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
    it('50 concurrent scans of one ticket record exactly one entry and 49 re-entries', async () => {
      const badge = await holder();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) => scan({ qr: badge.qr, at: at('2027-04-10', '08:30'), device: { ...gate, id: randomUUID(), name: `Gate ${index}` } })),
      );
      expect(answers.filter((answer) => answer.reason === 'ENTRY')).toHaveLength(1);
      expect(answers.filter((answer) => answer.reason === 'RE_ENTRY')).toHaveLength(49);
      expect(answers.map((answer) => answer.entriesToday).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      const rows = await db.select().from(admissions).where(eq(admissions.ticketId, badge.ticketId));
      expect(rows.filter((row) => !row.reEntry)).toHaveLength(1);
      expect(new Set(rows.map((row) => row.sequence)).size).toBe(50);
    });
  });
});
