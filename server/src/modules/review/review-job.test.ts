import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { audiences, audienceStatusHistory, auditLog, reviewJobs } from '../../db/schema/index';
import { createTestApp, useTwoInstances, type TestApp, type TestClient } from '../../test/test-app';
import { clientsOutsideAudienceSection, signedInClient } from '../../test/submissions';
import { insertApplication, insertChannel } from './review-export.test-support';
import { ReviewJobService, type ReviewJobOptions } from './review-job.service';

const START = `mutation ($kind: ReviewJobKind!, $filter: AudienceFilter, $reason: String, $confirmedCount: Int!) {
  startReviewJob(kind: $kind, filter: $filter, reason: $reason, confirmedCount: $confirmedCount) { id kind state confirmedCount reason }
}`;
const CANCEL = `mutation ($id: ID!) { cancelReviewJob(id: $id) { state processed } }`;
const JOB = `query ($id: ID!) { reviewJob(id: $id) { id kind state confirmedCount processed decided failed createdByName finishedAt } }`;
const JOBS = `{ reviewJobs { id state } }`;
const COUNT = `query ($filter: AudienceFilter) { audiences(filter: $filter, pageSize: 1) { total } }`;

interface JobView {
  id: string;
  kind: string;
  state: string;
  confirmedCount: number;
  processed: number;
  decided: number;
  failed: number;
  createdByName: string | null;
  finishedAt: string | null;
}

/**
 * Review jobs (docs/decisions/0309-review-job.md): "approve (or refuse) all that match this filter" for the count
 * the organizer confirmed, decided by a worker in batches under a lease — each application once, through the
 * reviewers' own decision, with audit rows; a cancel stops it after the current batch; a lease that ran out is
 * taken over.
 */
describe('review jobs', () => {
  let app: TestApp;
  let reviewer: TestClient;
  let reviewerId: string;
  const db = () => app.portal.database.db;

  beforeAll(async () => {
    app = await createTestApp();
    const signedIn = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE']);
    reviewer = signedIn.client;
    reviewerId = signedIn.account.id;
  }, 60_000);
  afterAll(() => app.close());

  /** A worker of its own (as another instance's would be), deciding `batchSize` applications at a time. */
  function worker(options: Partial<ReviewJobOptions> = {}) {
    const { services } = app.portal.app;
    return new ReviewJobService(db(), services.applications, services.review, services.autoApproval, { deliverSoon: () => void services.notices.kick() }, services.audit, app.portal.app.log, { batchSize: 3, pauseMs: 0, ...options });
  }

  /** A channel with `waiting` applications waiting for review, and one approved and one refused. */
  async function channelWith(waiting: number) {
    const channel = await insertChannel(app, `渠道${Math.random()}`, `Channel ${Math.random()}`);
    const ids: string[] = [];
    for (let index = 0; index < waiting; index += 1) {
      ids.push((await insertApplication(app, { status: 'WAIT', name: `等待${index}`, submittedAt: new Date(Date.now() - 3600_000), channelId: channel.id })).id);
    }
    await insertApplication(app, { status: 'DONE', name: '已通过', submittedAt: new Date(Date.now() - 3600_000), channelId: channel.id });
    await insertApplication(app, { status: 'REFUSE', name: '已拒绝', submittedAt: new Date(Date.now() - 3600_000), channelId: channel.id, refuseReason: 'blurred' });
    return { channelId: channel.id, ids };
  }

  async function start(variables: Record<string, unknown>, client = reviewer) {
    return (await client.graphql<{ startReviewJob: { id: string; state: string } }>(START, variables)).body;
  }

  async function job(id: string) {
    const { body } = await reviewer.graphql<{ reviewJob: JobView | null }>(JOB, { id });
    if (!body.data?.reviewJob) throw new Error(JSON.stringify(body.errors));
    return body.data.reviewJob;
  }

  const statuses = async (ids: readonly string[]) => (await db().select({ status: audiences.approveStatus }).from(audiences).where(inArray(audiences.id, [...ids]))).map((row) => row.status);

  it('only the audience section starts, reads and cancels jobs', async () => {
    const { channelId, ids } = await channelWith(1);
    for (const client of await clientsOutsideAudienceSection(app)) {
      expect((await start({ kind: 'APPROVE', filter: { channelId }, confirmedCount: 1 }, client)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect((await client.graphql(JOBS)).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
      expect((await client.graphql(CANCEL, { id: ids[0] })).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    }
    expect(await db().select().from(reviewJobs)).toEqual([]);
    expect(await statuses(ids)).toEqual(['WAIT']);
  });

  it('refuses a count that is no longer the filter’s, and a refusal without a reason', async () => {
    const { channelId } = await channelWith(4);
    // The states are the job's own: only the waiting ones, whatever the list's filter showed.
    const counted = await reviewer.graphql<{ audiences: { total: number } }>(COUNT, { filter: { channelId, statuses: ['WAIT'] } });
    expect(counted.body.data?.audiences.total).toBe(4);
    expect((await start({ kind: 'APPROVE', filter: { channelId, statuses: ['DONE', 'REFUSE'] }, confirmedCount: 6 })).errors?.[0]?.extensions.code).toBe('REVIEW_JOB_COUNT_CHANGED');
    expect((await start({ kind: 'APPROVE', filter: { channelId }, confirmedCount: 3 })).errors?.[0]?.extensions.code).toBe('REVIEW_JOB_COUNT_CHANGED');
    expect((await start({ kind: 'REFUSE', filter: { channelId }, confirmedCount: 4 })).errors?.[0]?.extensions.code).toBe('AUDIENCE_REFUSE_REASON_REQUIRED');
    expect((await start({ kind: 'REFUSE', filter: { channelId }, reason: '  ', confirmedCount: 4 })).errors?.[0]?.extensions.code).toBe('AUDIENCE_REFUSE_REASON_REQUIRED');
    expect(await db().select().from(reviewJobs)).toEqual([]);
  });

  it('approves exactly the waiting matches, in batches, with an audit row each and the job’s start and end', async () => {
    const { channelId, ids } = await channelWith(7);
    const other = await channelWith(2);
    const started = await start({ kind: 'APPROVE', filter: { channelId, statuses: ['DONE'] }, confirmedCount: 7 });
    const id = started.data?.startReviewJob.id ?? '';
    expect(started.data?.startReviewJob).toMatchObject({ state: 'QUEUED' });
    // Submitted after the start: not in the count the organizer confirmed.
    const late = await insertApplication(app, { status: 'WAIT', name: '后来的', submittedAt: new Date(Date.now() + 1000), channelId });

    const runner = worker();
    expect((await runner.claim())?.id).toBe(id);
    expect(await runner.runBatch(id)).toBe(true);
    expect(await job(id)).toMatchObject({ state: 'RUNNING', processed: 3, decided: 3 });
    await runner.run(id);

    expect(await job(id)).toMatchObject({ kind: 'APPROVE', state: 'DONE', confirmedCount: 7, processed: 7, decided: 7, failed: 0, createdByName: expect.any(String), finishedAt: expect.any(String) });
    expect(await statuses(ids)).toEqual(ids.map(() => 'DONE'));
    expect(await statuses([late.id, ...other.ids])).toEqual(['WAIT', 'WAIT', 'WAIT']);
    const rows = await db().select().from(auditLog).where(and(eq(auditLog.action, 'audience.approve'), sql`${auditLog.detail}->>'reviewJob' = ${id}`));
    expect(rows.map((row) => row.subjectId).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => row.actorId === reviewerId)).toBe(true);
    const [startEntry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'review_job.start'), eq(auditLog.subjectId, id)));
    expect(startEntry).toMatchObject({ actorId: reviewerId, subjectType: 'review_job', detail: { kind: 'APPROVE', confirmedCount: 7, filter: { channelId, statuses: ['WAIT'] } } });
    const [doneEntry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'review_job.done'), eq(auditLog.subjectId, id)));
    expect(doneEntry?.detail).toMatchObject({ processed: 7, decided: 7 });
    expect((await reviewer.graphql<{ reviewJobs: Array<{ id: string }> }>(JOBS)).body.data?.reviewJobs[0]?.id).toBe(id);
  });

  it('a cancel stops the job after its current batch', async () => {
    const { channelId, ids } = await channelWith(8);
    const started = await start({ kind: 'REFUSE', filter: { channelId }, reason: 'Blurred photos', confirmedCount: 8 });
    const id = started.data?.startReviewJob.id ?? '';
    const runner = worker();
    await runner.claim();
    expect(await runner.runBatch(id)).toBe(true);
    const cancelled = await reviewer.graphql<{ cancelReviewJob: { state: string; processed: number } }>(CANCEL, { id });
    expect(cancelled.body.data?.cancelReviewJob).toEqual({ state: 'CANCELLED', processed: 3 });
    expect(await runner.runBatch(id)).toBe(false);
    expect(await runner.claim()).toBeUndefined();
    expect((await statuses(ids)).sort()).toEqual(['REFUSE', 'REFUSE', 'REFUSE', 'WAIT', 'WAIT', 'WAIT', 'WAIT', 'WAIT']);
    const refused = await db().select().from(audiences).where(and(inArray(audiences.id, ids), eq(audiences.approveStatus, 'REFUSE')));
    expect(refused.map((row) => row.refuseReason)).toEqual(['Blurred photos', 'Blurred photos', 'Blurred photos']);
    const [cancelEntry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'review_job.cancel'), eq(auditLog.subjectId, id)));
    expect(cancelEntry).toMatchObject({ actorId: reviewerId, detail: { processed: 3 } });
    expect((await reviewer.graphql(CANCEL, { id })).body.errors?.[0]?.extensions.code).toBe('REVIEW_JOB_FINISHED');
    expect((await reviewer.graphql(CANCEL, { id: 'not-a-job' })).body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('two workers: one claims the job and runs its batches; one whose lease ran out is taken over; each application is decided once', async () => {
    const { channelId, ids } = await channelWith(8);
    const id = (await start({ kind: 'APPROVE', filter: { channelId }, confirmedCount: 8 })).data?.startReviewJob.id ?? '';
    const [first, second] = [worker(), worker()];
    const claims = await Promise.all([first.claim(), second.claim()]);
    expect(claims.filter(Boolean).map((claimed) => claimed?.id)).toEqual([id]);
    const [holder, other] = claims[0] ? [first, second] : [second, first];

    // The one without the lease decides nothing, even when both try at once.
    expect(await Promise.all([holder.runBatch(id), other.runBatch(id)])).toEqual([true, false]);
    expect(await job(id)).toMatchObject({ processed: 3 });
    expect(await other.claim()).toBeUndefined();

    // The holder's instance stops writing progress (it died): once its lease has run out, the other takes over.
    await db().update(reviewJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(reviewJobs.id, id));
    expect((await other.claim())?.id).toBe(id);
    await Promise.all([holder.run(id), other.run(id)]);

    expect(await job(id)).toMatchObject({ state: 'DONE', processed: 8, decided: 8 });
    expect(await statuses(ids)).toEqual(ids.map(() => 'DONE'));
    const history = await db().select().from(audienceStatusHistory).where(and(inArray(audienceStatusHistory.audienceId, ids), eq(audienceStatusHistory.toStatus, 'DONE')));
    expect(history.map((row) => row.audienceId).sort()).toEqual([...ids].sort());
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.action, 'audience.approve'), sql`${auditLog.detail}->>'reviewJob' = ${id}`));
    expect(audited.map((row) => row.subjectId).sort()).toEqual([...ids].sort());
  });

  it('a batch that cannot be decided ends the job as failed, with how far it came, audited', async () => {
    const { channelId, ids } = await channelWith(5);
    const id = (await start({ kind: 'APPROVE', filter: { channelId }, confirmedCount: 5 })).data?.startReviewJob.id ?? '';
    const { services } = app.portal.app;
    let batches = 0;
    // The second batch's decision fails (as a lost database connection would): nothing of it is kept.
    const review = {
      decideIn: (...args: Parameters<typeof services.review.decideIn>) => {
        batches += 1;
        if (batches === 2) throw new Error('connection lost');
        return services.review.decideIn(...args);
      },
    };
    const failing = new ReviewJobService(db(), services.applications, review, services.autoApproval, { deliverSoon: () => undefined }, services.audit, app.portal.app.log, { batchSize: 3, pauseMs: 0 });
    await failing.claim();
    await failing.run(id);
    expect(await job(id)).toMatchObject({ state: 'FAILED', processed: 3, decided: 3, failed: 2, finishedAt: expect.any(String) });
    expect((await statuses(ids)).sort()).toEqual(['DONE', 'DONE', 'DONE', 'WAIT', 'WAIT']);
    const [failEntry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'review_job.fail'), eq(auditLog.subjectId, id)));
    expect(failEntry).toMatchObject({ actorId: null, detail: { processed: 3, decided: 3, failed: 2 } });
    expect(await failing.claim()).toBeUndefined();
  });

  it('a job runs the auto-approval rules over the waiting matches: a rule approves those it meets and names itself', async () => {
    const { channelId, ids } = await channelWith(3);
    const passports: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      passports.push((await insertApplication(app, { status: 'WAIT', name: `护照${index}`, submittedAt: new Date(Date.now() - 3600_000), channelId, idType: 'PASSPORT', idNumber: `E${String(index).padStart(8, '7')}` })).id);
    }
    const save = `mutation ($rules: [AutoApprovalRuleInput!]!) { saveAutoApprovalRules(rules: $rules) { id } }`;
    const saved = await reviewer.graphql(save, { rules: [{ name: 'Passports', enabled: true, codeBatches: [], channelIds: [], idTypes: ['PASSPORT'], minFaceScore: null }] });
    expect(saved.body.errors).toBeUndefined();
    try {
      const id = (await start({ kind: 'AUTO_RULES', filter: { channelId }, confirmedCount: 5 })).data?.startReviewJob.id ?? '';
      const runner = worker();
      expect((await runner.claim())?.id).toBe(id);
      await runner.run(id);
      expect(await job(id)).toMatchObject({ kind: 'AUTO_RULES', state: 'DONE', processed: 5, decided: 2, failed: 0 });
      expect(await statuses(passports)).toEqual(['DONE', 'DONE']);
      expect(await statuses(ids)).toEqual(['WAIT', 'WAIT', 'WAIT']);
      const history = await db().select().from(audienceStatusHistory).where(and(inArray(audienceStatusHistory.audienceId, passports), eq(audienceStatusHistory.toStatus, 'DONE')));
      expect(history.map((change) => [change.actorId, change.autoRuleName])).toEqual([
        [null, 'Passports'],
        [null, 'Passports'],
      ]);
    } finally {
      await reviewer.graphql(save, { rules: [] });
    }
  });

  it('the instance’s own worker runs a started job to the end; a keyword counts and selects as the list does', async () => {
    const { channelId, ids } = await channelWith(4);
    const jobs = app.portal.app.services.reviewJobs;
    jobs.startWorker();
    try {
      // Two characters of the names: the list counts them from the name grams, the job reads the rows.
      const id = (await start({ kind: 'APPROVE', filter: { channelId, keyword: '等待' }, confirmedCount: 4 })).data?.startReviewJob.id ?? '';
      await expect.poll(async () => (await job(id)).state, { timeout: 15_000, interval: 100 }).toBe('DONE');
      expect(await statuses(ids)).toEqual(ids.map(() => 'DONE'));
      const counted = await reviewer.graphql<{ audiences: { total: number } }>(COUNT, { filter: { channelId, statuses: ['WAIT'] } });
      expect(counted.body.data?.audiences.total).toBe(0);
    } finally {
      await jobs.stopWorker();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('review jobs across two instances (PostgreSQL)', () => {
  const instances = useTwoInstances();

  it('a job whose instance stopped mid-way is finished by the other instance’s worker once the lease has run out', async () => {
    const { first, second } = instances;
    const db = first.portal.database.db;
    const channel = await insertChannel(first, '渠道接管', 'Takeover channel');
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) ids.push((await insertApplication(first, { status: 'WAIT', name: `接管${index}`, submittedAt: new Date(Date.now() - 3600_000), channelId: channel.id })).id);
    const { client } = await signedInClient(first, 'organizer', ['ROLE_AUDIENCE']);
    const started = await client.graphql<{ startReviewJob: { id: string } }>(START, { kind: 'APPROVE', filter: { channelId: channel.id }, confirmedCount: 7 });
    const id = started.body.data?.startReviewJob.id ?? '';

    // The first instance's worker decides one batch of three, then its instance dies: the lease stays behind.
    const { services } = first.portal.app;
    const dying = new ReviewJobService(db, services.applications, services.review, services.autoApproval, { deliverSoon: () => undefined }, services.audit, first.portal.app.log, { batchSize: 3 });
    expect((await dying.claim())?.id).toBe(id);
    expect(await dying.runBatch(id)).toBe(true);

    const jobs = second.portal.app.services.reviewJobs;
    jobs.startWorker();
    try {
      // While the lease holds, the second instance leaves the job alone.
      expect(await jobs.claim()).toBeUndefined();
      await db.update(reviewJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(reviewJobs.id, id));
      await expect.poll(async () => (await db.select().from(reviewJobs).where(eq(reviewJobs.id, id)))[0]?.state, { timeout: 20_000, interval: 200 }).toBe('DONE');
    } finally {
      await jobs.stopWorker();
    }
    expect(await dying.runBatch(id)).toBe(false);
    const [row] = await db.select().from(reviewJobs).where(eq(reviewJobs.id, id));
    expect(row).toMatchObject({ processed: 7, decided: 7, leaseOwner: null });
    const history = await db.select().from(audienceStatusHistory).where(and(inArray(audienceStatusHistory.audienceId, ids), eq(audienceStatusHistory.toStatus, 'DONE')));
    expect(history.map((change) => change.audienceId).sort()).toEqual([...ids].sort());
  });
});
