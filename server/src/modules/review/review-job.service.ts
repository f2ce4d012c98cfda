import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import { MAX_BULK_DECISIONS } from '@portal/shared/review/review.schema';
import { ACTIVE_REVIEW_JOB_STATES, type ReviewJobKind, type ReviewJobState, type TStartReviewJobInput } from '@portal/shared/review/review-job.schema';
import type { ApplicationService } from '../application/application.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ApplicationRow, ReviewDecision } from '../application/application.models';
import type { AutoApprovalService } from './auto-approval.service';
import type { ReviewNotificationService } from './review-notifications.service';
import type { ReviewService } from './review.service';
import type { ReviewJobModel } from './review-job.models';
import { requireReviewer } from './review.policy';
import * as repository from './review-job.repository';

export interface ReviewJobOptions {
  /** Applications decided per transaction (at most a bulk decision's). */
  batchSize: number;
  /** The pause between two batches, so that the gates' requests have the database too. */
  pauseMs: number;
  /** How long a worker holds a job without writing progress before another instance may take it over. */
  leaseSeconds: number;
  /** How often an idle worker looks for a job (one started on this instance is taken at once). */
  pollMs: number;
}

const DEFAULT_OPTIONS: ReviewJobOptions = { batchSize: MAX_BULK_DECISIONS, pauseMs: 100, leaseSeconds: 120, pollMs: 5_000 };
const RECENT_JOBS = 10;
const DECISIONS: Record<Exclude<ReviewJobKind, 'AUTO_RULES'>, ReviewDecision> = { APPROVE: 'approve', REFUSE: 'refuse' };

const isActive = (state: ReviewJobState) => (ACTIVE_REVIEW_JOB_STATES as readonly ReviewJobState[]).includes(state);
const summaryOf = (job: ReviewJobModel) => ({ kind: job.kind, confirmedCount: job.confirmedCount, processed: job.processed, decided: job.decided, failed: job.failed });

/**
 * "Approve (or refuse) all that match this filter" (docs/decisions/0309-review-job.md). An organizer starts a
 * job for the count they confirmed; a worker in every instance claims a runnable job under a lease and decides
 * its waiting matches in batches, each in one transaction through the reviewers' own decision (audit row per
 * application, notices, tickets) with its progress. Whoever holds the lease runs the batches; a job whose
 * lease ran out (its instance died) is taken over; a cancel stops it after the current batch.
 */
export class ReviewJobService {
  /** This worker's name in a job's lease. */
  readonly workerId = randomUUID();
  private readonly options: ReviewJobOptions;
  private working = false;
  /** Set by stopWorker: a job being run is let go after its current batch. */
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly applications: Pick<ApplicationService, 'count' | 'lockNextMatching' | 'nextMatching' | 'faceMatchScoreOf'>,
    private readonly review: Pick<ReviewService, 'decideIn'>,
    private readonly autoApproval: Pick<AutoApprovalService, 'wantsFaceScore' | 'decideOnSubmit'>,
    private readonly notifications: Pick<ReviewNotificationService, 'deliverSoon'>,
    private readonly audit: AuditService,
    private readonly logger: FastifyBaseLogger,
    options: Partial<ReviewJobOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Starts a job over the waiting applications of the filter, when they are as many as the organizer confirmed. */
  async startJob(viewer: Viewer | undefined, input: TStartReviewJobInput, origin: RequestOrigin): Promise<ReviewJobModel> {
    const reviewer = requireReviewer(viewer);
    const filter = { ...input.filter, statuses: ['WAIT' as const] };
    if ((await this.applications.count(filter)) !== input.confirmedCount) throw new AppError('REVIEW_JOB_COUNT_CHANGED');
    const reason = input.kind === 'REFUSE' ? (input.reason ?? null) : null;
    const job = await this.db.transaction(async (tx) => {
      const row = await repository.insertJob(tx, { kind: input.kind, filter, reason, confirmedCount: input.confirmedCount, createdById: reviewer.id });
      await this.audit.record(origin, { actorId: reviewer.id, action: 'review_job.start', subjectType: 'review_job', subjectId: row.id, detail: { kind: row.kind, filter, reason, confirmedCount: row.confirmedCount } }, tx);
      return row;
    });
    this.kick();
    return job;
  }

  /** Cancels a queued or running job; a batch being decided finishes first (it holds the job's lock). */
  async cancelJob(viewer: Viewer | undefined, id: string | null, origin: RequestOrigin): Promise<ReviewJobModel> {
    const reviewer = requireReviewer(viewer);
    return this.db.transaction(async (tx) => {
      const job = id ? await repository.lockJob(tx, id) : undefined;
      if (!job) throw new AppError('NOT_FOUND');
      if (!isActive(job.state)) throw new AppError('REVIEW_JOB_FINISHED');
      const cancelled = await repository.finishJob(tx, job.id, 'CANCELLED');
      await this.audit.record(origin, { actorId: reviewer.id, action: 'review_job.cancel', subjectType: 'review_job', subjectId: job.id, detail: summaryOf(cancelled) }, tx);
      return cancelled;
    });
  }

  /** The latest jobs, newest first. */
  recent(viewer: Viewer | undefined) {
    requireReviewer(viewer);
    return repository.recentJobs(this.db, RECENT_JOBS);
  }

  /** One job with its progress; `null`: no such job. */
  async byId(viewer: Viewer | undefined, id: string | null) {
    requireReviewer(viewer);
    return (id ? await repository.findJob(this.db, id) : undefined) ?? null;
  }

  /** Runs the jobs of every instance that come to this one: now, and then every `pollMs`. */
  startWorker() {
    this.working = true;
    this.stopping = false;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
  }

  /** Stops after the current batch and lets the job go, so that another instance takes it over at once. */
  async stopWorker() {
    this.working = false;
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private kick() {
    if (!this.working) return;
    this.running ??= this.runDue()
      .catch((error: unknown) => this.logger.error({ err: error }, 'review job round failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async runDue() {
    while (this.working) {
      const job = await this.claim();
      if (!job) return;
      await this.run(job.id);
    }
  }

  /** Takes a runnable job under this worker's lease, if there is one. */
  claim() {
    return repository.claimJob(this.db, this.workerId, this.options.leaseSeconds);
  }

  /** Runs a claimed job's batches one after the other until it ends or another worker has it. */
  async run(jobId: string) {
    while (await this.runBatch(jobId)) {
      if (this.stopping) {
        await repository.releaseJob(this.db, jobId, this.workerId);
        return;
      }
      await sleep(this.options.pauseMs);
    }
  }

  /**
   * One batch of a job this worker holds, in one transaction that locks the job: the next waiting matches
   * decided, the progress written, the lease renewed — or the job done when none is left. False when the job
   * has ended, was cancelled or taken over by another worker (after this one's lease ran out), or failed.
   */
  async runBatch(jobId: string): Promise<boolean> {
    let taken = 0;
    try {
      const prepared = await this.prepareRules(jobId);
      const more = await this.db.transaction(async (tx) => {
        const job = await repository.lockJob(tx, jobId);
        if (!job || job.state !== 'RUNNING' || job.leaseOwner !== this.workerId) return false;
        // Applications submitted after the start were not in the count the organizer confirmed.
        const ids = await this.applications.lockNextMatching(tx, job.filter, { afterId: job.cursor, submittedBefore: job.createdAt, limit: this.options.batchSize });
        if (ids.length === 0) {
          const done = await repository.finishJob(tx, job.id, 'DONE');
          await this.audit.record(undefined, { actorId: null, action: 'review_job.done', subjectType: 'review_job', subjectId: job.id, detail: summaryOf(done) }, tx);
          return false;
        }
        if (job.kind === 'AUTO_RULES') {
          // Prepared from another cursor (a batch of this job ran meanwhile): prepared again.
          if (!prepared || prepared.cursor !== job.cursor) return true;
          // Only what was prepared, locked and still waiting; the rest comes with the next batch.
          const batch = ids.filter((id) => prepared.rows.has(id));
          taken = batch.length;
          let approved = 0;
          for (const id of batch) {
            const { row, faceMatchScore } = prepared.rows.get(id) ?? {};
            if (row && (await this.autoApproval.decideOnSubmit(tx, row, faceMatchScore ?? null))) approved += 1;
          }
          await repository.recordProgress(tx, job.id, { processed: job.processed + batch.length, decided: job.decided + approved, cursor: prepared.lastId ?? ids.at(-1) ?? null }, this.options.leaseSeconds);
          return true;
        }
        taken = ids.length;
        const decided = await this.review.decideIn(tx, job.createdById, ids, DECISIONS[job.kind], job.reason, undefined, { reviewJob: job.id });
        await repository.recordProgress(tx, job.id, { processed: job.processed + ids.length, decided: job.decided + decided.length, cursor: ids.at(-1) ?? null }, this.options.leaseSeconds);
        return true;
      });
      if (more) this.notifications.deliverSoon();
      return more;
    } catch (error) {
      await this.fail(jobId, taken, error);
      return false;
    }
  }

  /**
   * For a job that runs the auto-approval rules: the next applications and, when a rule asks for one, their
   * face-match scores, computed before the batch's transaction (a score may take a worker's time), as at submit.
   */
  private async prepareRules(jobId: string) {
    const job = await repository.findJob(this.db, jobId);
    if (job?.kind !== 'AUTO_RULES') return undefined;
    const found = await this.applications.nextMatching(job.filter, { afterId: job.cursor, submittedBefore: job.createdAt, limit: this.options.batchSize });
    const scored = await this.autoApproval.wantsFaceScore();
    const rows = new Map<string, { row: ApplicationRow; faceMatchScore: number | null }>();
    for (const row of found) rows.set(row.id, { row, faceMatchScore: scored ? await this.applications.faceMatchScoreOf(row) : null });
    return { cursor: job.cursor, lastId: found.at(-1)?.id, rows };
  }

  /** A batch that could not be decided ends the job: the organizer sees how far it came and may start another. */
  private async fail(jobId: string, taken: number, error: unknown) {
    this.logger.error({ err: error, reviewJob: jobId }, 'review job batch failed');
    await this.db.transaction(async (tx) => {
      const job = await repository.lockJob(tx, jobId);
      if (!job || job.state !== 'RUNNING' || job.leaseOwner !== this.workerId) return;
      const failed = await repository.finishJob(tx, job.id, 'FAILED', { failed: job.failed + taken, error: error instanceof Error ? error.message : String(error) });
      await this.audit.record(undefined, { actorId: null, action: 'review_job.fail', subjectType: 'review_job', subjectId: job.id, detail: summaryOf(failed) }, tx);
    });
  }
}
