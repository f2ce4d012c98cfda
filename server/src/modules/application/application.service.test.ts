import { ZApplicationFields, ZSelectVisitDatesInput } from '@portal/shared/application/application.schema';
import { ZApproveApplicationsInput, ZRefuseApplicationsInput } from '@portal/shared/review/review.schema';
import { parseInput } from '../../lib/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { activationCodes, audienceVisitDates, photos } from '../../db/schema/index';
import type { AccountModel } from '../account/account.models';
import type { ApplicationService } from './application.service';

const SHOW_DAYS = ['2027-04-10', '2027-04-11', '2027-04-12', '2027-04-13'];
const NOW = new Date('2027-03-01T04:00:00Z');
let sequence = 0;

/** A mainland ID for someone born on the given day, with a valid GB 11643 check character. */
function mainlandId(birth: string): string {
  sequence += 1;
  const first17 = `110105${birth.replaceAll('-', '')}${String(sequence % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(first17[index]), 0);
  return first17 + '10X98765432'[sum % 11];
}

describe('ApplicationService', () => {
  let app: TestApp;
  let clock: { now(): number };
  let service: ApplicationService;
  let db: TestApp['portal']['database']['db'];

  beforeAll(async () => {
    app = await createTestApp();
    db = app.portal.database.db;
    clock = app.portal.app.services.clock;
    clock.now = () => NOW.getTime();
    service = app.portal.app.services.applications;
    for (const day of SHOW_DAYS) {
      await app.portal.app.services.show.upsertShowDay({ day, capacity: 100, deadline: new Date(`${day}T09:00:00+08:00`) });
    }
  });
  afterAll(() => app.close());
  const viewerOf = (account: AccountModel) => app.portal.app.services.accounts.viewerOf(account);
  const submit = async (account: AccountModel, input: unknown) => service.submit(await viewerOf(account), parseInput(ZApplicationFields, input));
  const selectDays = async (account: AccountModel, input: unknown) => service.selectVisitDates(await viewerOf(account), parseInput(ZSelectVisitDatesInput, input));
  const ORIGIN = { ip: '127.0.0.1', requestId: 'test' };
  const refuse = async (organizer: AccountModel, input: unknown) => app.portal.app.services.review.refuse(await viewerOf(organizer), parseInput(ZRefuseApplicationsInput, input), ORIGIN);
  const approve = async (organizer: AccountModel, input: unknown) => app.portal.app.services.review.approve(await viewerOf(organizer), parseInput(ZApproveApplicationsInput, input), ORIGIN);

  beforeEach(() => {
    clock.now = () => NOW.getTime();
  });

  async function newCode() {
    const code = `VIP-${randomUUID().slice(0, 8).toUpperCase()}`;
    await app.portal.app.services.activationCodes.insert([code], 'test');
    return code;
  }

  async function photo(ownerId: string, purpose: 'ENTRY_CARD' | 'ID_CARD') {
    const [row] = await db
      .insert(photos)
      .values({ ownerId, purpose, storageKey: `test/${randomUUID()}`, contentType: 'image/jpeg', width: 600, height: 800, bytes: 50_000 })
      .returning();
    return row!.id;
  }

  async function visitor() {
    const { account } = await createAccount(app, 'audience');
    return account;
  }

  async function validInput(account: AccountModel, overrides: Record<string, unknown> = {}) {
    return {
      name: '张三',
      mobile: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      email: 'zhang@example.com',
      idType: 'MAINLAND_ID',
      idNumber: mainlandId('1990-05-06'),
      entryPhotoId: await photo(account.id, 'ENTRY_CARD'),
      idPhotoId: await photo(account.id, 'ID_CARD'),
      visitDates: ['2027-04-10'],
      activationCode: await newCode(),
      truthConfirmed: true,
      sensitiveConsent: true,
      ...overrides,
    };
  }

  async function expectCode(promise: Promise<unknown>, code: string) {
    await expect(promise).rejects.toMatchObject({ code });
  }

  it('submits an application: WAIT, the code bound, the days held, the history written', async () => {
    const account = await visitor();
    const input = await validInput(account, { visitDates: ['2027-04-11', '2027-04-10', '2027-04-11'] });
    const audience = await submit(account, input);
    expect(audience).toMatchObject({ approveStatus: 'WAIT', name: '张三', birthDate: '1990-05-06', idType: 'MAINLAND_ID' });
    expect((await service.visitDatesOf(audience.id)).map((row) => row.day)).toEqual(['2027-04-10', '2027-04-11']);
    const [code] = await db.select().from(activationCodes).where(eq(activationCodes.code, input.activationCode));
    expect(code?.status).toBe('BOUND');
    expect(await service.statusHistoryOf(audience.id)).toMatchObject([{ fromStatus: 'CREATED', toStatus: 'WAIT', actorId: account.id }]);
  });

  it.each([
    [{ name: '' }, 'AUDIENCE_NAME_REQUIRED'],
    [{ mobile: ' ' }, 'AUDIENCE_MOBILE_REQUIRED'],
    [{ email: '' }, 'AUDIENCE_EMAIL_REQUIRED'],
    [{ name: '12345' }, 'AUDIENCE_NAME_INVALID'],
    [{ mobile: '12345' }, 'AUDIENCE_MOBILE_INVALID'],
    [{ email: 'not-an-email' }, 'AUTH_INVALID_EMAIL'],
    [{ idType: 'DRIVING_LICENCE' }, 'AUDIENCE_ID_TYPE_REQUIRED'],
    [{ idNumber: '110105194912310021' }, 'AUDIENCE_ID_NUMBER_INVALID'],
    [{ idNumber: '110105199002300021' }, 'AUDIENCE_ID_NUMBER_INVALID'],
    [{ idType: 'PASSPORT', idNumber: 'E12345678' }, 'AUDIENCE_BIRTH_DATE_REQUIRED'],
    [{ idType: 'PASSPORT', idNumber: 'E12345678', birthDate: '2015-06-01' }, 'AUDIENCE_TOO_YOUNG'],
    [{ visitDates: [] }, 'VISIT_DATE_REQUIRED'],
    [{ visitDates: ['2027-04-20'] }, 'VISIT_DATE_INVALID'],
    [{ activationCode: '' }, 'ACTIVATION_CODE_REQUIRED'],
    [{ activationCode: 'NO-SUCH-CODE' }, 'ACTIVATION_CODE_INVALID'],
    [{ truthConfirmed: false }, 'AUDIENCE_TRUTH_REQUIRED'],
    [{ sensitiveConsent: false }, 'AUDIENCE_CONSENT_REQUIRED'],
    [{ channelId: randomUUID() }, 'CHANNEL_INVALID'],
  ])('refuses %o with %s', async (overrides, code) => {
    const account = await visitor();
    await expectCode(submit(account, await validInput(account, overrides)), code);
    expect(await service.findByAccount(account.id)).toBeUndefined();
  });

  it('applies the age rule on the first exhibition day', async () => {
    const twelveOnFirstDay = await visitor();
    await submit(twelveOnFirstDay, await validInput(twelveOnFirstDay, { idNumber: mainlandId('2015-04-10') }));
    const elevenOnFirstDay = await visitor();
    await expectCode(submit(elevenOnFirstDay, await validInput(elevenOnFirstDay, { idNumber: mainlandId('2015-04-11') })), 'AUDIENCE_TOO_YOUNG');
  });

  it("refuses photos that are not the visitor's own, or of the wrong kind", async () => {
    const account = await visitor();
    const stranger = await visitor();
    await expectCode(submit(account, await validInput(account, { entryPhotoId: await photo(stranger.id, 'ENTRY_CARD') })), 'AUDIENCE_ENTRY_PHOTO_REQUIRED');
    await expectCode(submit(account, await validInput(account, { idPhotoId: await photo(account.id, 'ENTRY_CARD') })), 'AUDIENCE_ID_PHOTO_REQUIRED');
  });

  it('keeps ID numbers and mobiles unique among applications', async () => {
    const first = await visitor();
    const input = await validInput(first);
    await submit(first, input);
    const second = await visitor();
    await expectCode(submit(second, await validInput(second, { idNumber: input.idNumber.toLowerCase() })), 'AUDIENCE_ID_NUMBER_TAKEN');
    await expectCode(submit(second, await validInput(second, { mobile: input.mobile })), 'AUDIENCE_MOBILE_TAKEN');
  });

  it('refuses a first application when registration is closed', async () => {
    await app.portal.app.services.show.updateSetting({ audienceRegOpen: false });
    try {
      const account = await visitor();
      await expectCode(submit(account, await validInput(account)), 'AUDIENCE_REG_CLOSED');
    } finally {
      await app.portal.app.services.show.updateSetting({ audienceRegOpen: true });
    }
  });

  it('binds an activation code once, even when raced', async () => {
    const code = await newCode();
    const racers = await Promise.all(Array.from({ length: 5 }, () => visitor()));
    const inputs = await Promise.all(racers.map((account) => validInput(account, { activationCode: code })));
    const results = await Promise.allSettled(racers.map((account, index) => submit(account, inputs[index])));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'ACTIVATION_CODE_INVALID' });
    }
  });

  it('gives the last seat of a day to exactly one of several racing visitors', async () => {
    const day = '2027-04-13';
    await app.portal.app.services.show.upsertShowDay({ day, capacity: 1, deadline: new Date(`${day}T09:00:00+08:00`) });
    const racers = await Promise.all(Array.from({ length: 5 }, () => visitor()));
    const inputs = await Promise.all(racers.map((account) => validInput(account, { visitDates: [day] })));
    const results = await Promise.allSettled(racers.map((account, index) => submit(account, inputs[index])));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'VISIT_DATE_FULL' });
    }
    await app.portal.app.services.show.upsertShowDay({ day, capacity: 100, deadline: new Date(`${day}T09:00:00+08:00`) });
  });

  it('refuses a day whose deadline has passed (Asia/Shanghai)', async () => {
    clock.now = () => new Date('2027-04-10T01:00:01Z').getTime(); // 09:00:01 in Shanghai
    const account = await visitor();
    await expectCode(submit(account, await validInput(account, { visitDates: ['2027-04-10'] })), 'VISIT_DATE_DEADLINE_PASSED');
    await submit(account, await validInput(account, { visitDates: ['2027-04-11'] }));
  });

  it('moves through the states: approve, refuse with a reason, resubmit with a new code, and refuses illegal moves', async () => {
    const organizer = (await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] })).account;
    const account = await visitor();
    const input = await validInput(account);
    const audience = await submit(account, input);

    await expectCode(refuse(organizer, { ids: [audience.id], reason: '  ' }), 'AUDIENCE_REFUSE_REASON_REQUIRED');
    const [refused] = await refuse(organizer, { ids: [audience.id], reason: '照片不清晰' });
    expect(refused).toMatchObject({ approveStatus: 'REFUSE', refuseReason: '照片不清晰' });
    await expectCode(approve(organizer, { ids: [audience.id] }), 'AUDIENCE_ILLEGAL_TRANSITION');

    const newCodeValue = await newCode();
    const resubmitted = await submit(account, { ...input, activationCode: newCodeValue });
    expect(resubmitted).toMatchObject({ approveStatus: 'WAIT', refuseReason: null });
    const [oldCode] = await db.select().from(activationCodes).where(eq(activationCodes.code, input.activationCode));
    expect(oldCode?.status).toBe('UNUSED');

    const [approved] = await approve(organizer, { ids: [audience.id] });
    expect(approved?.approveStatus).toBe('DONE');
    await expectCode(submit(account, input), 'AUDIENCE_NOT_EDITABLE');
    expect((await service.statusHistoryOf(audience.id)).map((row) => `${row.fromStatus}>${row.toStatus}`)).toEqual([
      'CREATED>WAIT',
      'WAIT>REFUSE',
      'REFUSE>WAIT',
      'WAIT>DONE',
    ]);
  });

  it('refuses edits after the update deadline', async () => {
    const account = await visitor();
    const input = await validInput(account);
    await submit(account, input);
    await app.portal.app.services.show.updateSetting({ audienceUpdateDeadline: new Date('2027-02-01T00:00:00+08:00') });
    try {
      await expectCode(submit(account, input), 'AUDIENCE_NOT_EDITABLE');
    } finally {
      await app.portal.app.services.show.updateSetting({ audienceUpdateDeadline: null });
    }
  });

  describe('visit days of an approved visitor', () => {
    async function approvedVisitor(days: string[]) {
      const organizer = (await createAccount(app, 'organizer', { roles: ['ROLE_AUDIENCE'] })).account;
      const account = await visitor();
      const audience = await submit(account, await validInput(account, { visitDates: days }));
      await approve(organizer, { ids: [audience.id] });
      return { account, audience };
    }
    const deadlineOf = (day: string) => new Date(`${day}T09:00:00+08:00`).toISOString();
    const seen = (...days: string[]) => days.map((day) => ({ day, deadline: deadlineOf(day) }));

    it('adds and drops days', async () => {
      const { account } = await approvedVisitor(['2027-04-10']);
      const rows = await selectDays(account, { days: ['2027-04-11', '2027-04-12'], seenDeadlines: seen('2027-04-11', '2027-04-12') });
      expect(rows.map((row) => row.day)).toEqual(['2027-04-11', '2027-04-12']);
    });

    it('says when a date is missing, full, past its deadline, admitted or changed since the page loaded', async () => {
      const { account, audience } = await approvedVisitor(['2027-04-10', '2027-04-11']);
      await expectCode(selectDays(account, { days: [], seenDeadlines: [] }), 'VISIT_DATE_REQUIRED');

      const pageLoaded = seen('2027-04-10', '2027-04-11', '2027-04-12');
      await app.portal.app.services.show.upsertShowDay({ day: '2027-04-12', capacity: 0, deadline: new Date('2027-04-12T12:00:00+08:00') });
      await expectCode(selectDays(account, { days: ['2027-04-10', '2027-04-12'], seenDeadlines: pageLoaded }), 'VISIT_DATE_DEADLINE_CHANGED');
      const reloaded = [...seen('2027-04-10', '2027-04-11'), { day: '2027-04-12', deadline: new Date('2027-04-12T12:00:00+08:00').toISOString() }];
      await expectCode(selectDays(account, { days: ['2027-04-10', '2027-04-12'], seenDeadlines: reloaded }), 'VISIT_DATE_FULL');
      await app.portal.app.services.show.upsertShowDay({ day: '2027-04-12', capacity: 100, deadline: new Date('2027-04-12T09:00:00+08:00') });

      clock.now = () => new Date('2027-04-10T02:00:00Z').getTime();
      await expectCode(selectDays(account, { days: ['2027-04-11'], seenDeadlines: pageLoaded }), 'VISIT_DATE_DEADLINE_SELECTED');

      await db.update(audienceVisitDates).set({ admittedAt: new Date() }).where(eq(audienceVisitDates.audienceId, audience.id));
      await expectCode(selectDays(account, { days: ['2027-04-12'], seenDeadlines: pageLoaded }), 'VISIT_DATE_REDEEMED');
    });

    it('is only for approved visitors', async () => {
      const account = await visitor();
      await submit(account, await validInput(account));
      await expectCode(selectDays(account, { days: ['2027-04-10'], seenDeadlines: seen('2027-04-10') }), 'FORBIDDEN');
    });
  });
});
