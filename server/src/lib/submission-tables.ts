import { and, count, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '@portal/shared/submission/submission.schema';
import type { Executor } from '../db/client';
import { newestFirst } from './keyset';

/**
 * The review workflow's columns and queries, one definition for every table of reviewed filings (badges,
 * catalog entries, banners, products; DESIGN §6). Each module owns its tables and spreads these columns
 * into them; the queries below work on any such table.
 */
export function reviewColumns() {
  return {
    status: text('status', { enum: SUBMISSION_STATUSES }).notNull().default('PENDING'),
    rejectReason: text('reject_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  };
}

/** The review columns and when the exhibitor last submitted (or resubmitted after an edit): the queues' order. */
export function submissionColumns() {
  const { status, rejectReason, decidedAt, decidedBy } = reviewColumns();
  return { status, rejectReason, submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(), decidedAt, decidedBy };
}

/** Every state change of a submission: who, when, from, to, why (DESIGN §6). `fromStatus` is null on the first filing. */
export function submissionHistoryTable(name: string, subject: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      subjectId: uuid('subject_id')
        .notNull()
        .references(subject, { onDelete: 'cascade' }),
      fromStatus: text('from_status', { enum: SUBMISSION_STATUSES }),
      toStatus: text('to_status', { enum: SUBMISSION_STATUSES }).notNull(),
      reason: text('reason'),
      actorId: uuid('actor_id'),
      at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [index(`${name}_subject_idx`).on(table.subjectId, table.at)],
  );
}
export type SubmissionHistoryTable = ReturnType<typeof submissionHistoryTable>;
export type SubmissionChange = SubmissionHistoryTable['$inferSelect'];

/** What every reviewed row has; the tables spread `reviewColumns()` and add `id` and `exhibitorId`. */
export interface ReviewRow {
  id: string;
  exhibitorId: string;
  status: SubmissionStatus;
  rejectReason: string | null;
  decidedAt: Date | null;
  decidedBy: string | null;
}

/** A row of a queue ordered by submission (catalog entries, banners, products). */
export interface SubmissionRow extends ReviewRow {
  submittedAt: Date;
}

/** The review columns a filing or an edit writes: back to PENDING, the last decision cleared. */
export type PendingReview = Pick<ReviewRow, 'status' | 'rejectReason' | 'decidedAt' | 'decidedBy'>;
export const PENDING_REVIEW: PendingReview = { status: 'PENDING', rejectReason: null, decidedAt: null, decidedBy: null };
/** The same for a table queued by submission time: the filing's time as well. */
export type PendingSubmission = PendingReview & { submittedAt: Date };

type ReviewTable = PgTable & { id: AnyPgColumn; exhibitorId: AnyPgColumn; status: AnyPgColumn };
type SubmissionTable = ReviewTable & { submittedAt: AnyPgColumn };

/** A typed view of a reviewed table and its history, with the queries the workflow's decisions need. */
export class ReviewTableQueries<TRow extends ReviewRow> {
  constructor(
    protected readonly table: ReviewTable,
    private readonly history: SubmissionHistoryTable,
  ) {}

  /** Locks the rows in id order (two bulk decisions never deadlock) for the decision that follows. */
  async lock(tx: Executor, ids: readonly string[]): Promise<TRow[]> {
    const rows = await tx
      .select()
      .from(this.table)
      .where(inArray(this.table.id, [...ids]))
      .orderBy(this.table.id)
      .for('update');
    return rows as TRow[];
  }

  async setDecision(tx: Executor, id: string, values: Pick<ReviewRow, 'status' | 'rejectReason' | 'decidedAt' | 'decidedBy'>): Promise<TRow> {
    const [row] = await tx.update(this.table).set(values).where(eq(this.table.id, id)).returning();
    if (!row) throw new Error('update of a locked row under review returned no row');
    return row as TRow;
  }

  async addHistory(tx: Executor, entries: ReadonlyArray<SubmissionHistoryTable['$inferInsert']>) {
    if (entries.length) await tx.insert(this.history).values([...entries]);
  }

  historyOf(db: Executor, subjectId: string): Promise<SubmissionChange[]> {
    return db.select().from(this.history).where(eq(this.history.subjectId, subjectId)).orderBy(this.history.at, this.history.id);
  }
}

/** A submission table: the decisions' queries and the organizers' queue, newest submission first. */
export class SubmissionTableQueries<TRow extends SubmissionRow> extends ReviewTableQueries<TRow> {
  /**
   * Newest submission first, as each table's queue index is built (`<table>_queue_idx`: submitted_at, id,
   * both DESC NULLS LAST). A plain `desc()` is NULLS FIRST, which that index cannot serve: every page
   * sorted the whole table.
   */
  private readonly order: SQL[];

  private readonly submissions: SubmissionTable;

  constructor(table: SubmissionTable, history: SubmissionHistoryTable) {
    super(table, history);
    this.submissions = table;
    this.order = newestFirst({ createdAt: table.submittedAt, id: table.id });
  }

  /** One page of the queue, newest submission first (read forwards: the queues hold thousands, not millions). */
  async readPage(db: Executor, filter: SubmissionListFilter, page: number, pageSize: number): Promise<TRow[]> {
    return (await this.pageWithoutTotal(db, filter, page, pageSize)).rows;
  }

  /** How many items match the filter. */
  async count(db: Executor, filter: SubmissionListFilter): Promise<number> {
    const [counted] = await db.select({ total: count() }).from(this.table).where(this.whereOf(filter));
    return counted?.total ?? 0;
  }

  /** Every matching row in the queue's order, in batches (exports). */
  async *iterate(db: Executor, filter: SubmissionListFilter, batch = 500): AsyncGenerator<TRow> {
    for (let page = 1; ; page += 1) {
      const { rows } = await this.pageWithoutTotal(db, filter, page, batch);
      yield* rows;
      if (rows.length < batch) return;
    }
  }

  private async pageWithoutTotal(db: Executor, filter: SubmissionListFilter, page: number, pageSize: number) {
    const rows = await db
      .select()
      .from(this.table)
      .where(this.whereOf(filter))
      .orderBy(...this.order)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows as TRow[] };
  }

  private whereOf(filter: SubmissionListFilter): SQL | undefined {
    return and(
      filter.exhibitorId ? eq(this.submissions.exhibitorId, filter.exhibitorId) : undefined,
      filter.status ? eq(this.submissions.status, filter.status) : undefined,
      filter.submittedFrom ? gte(this.submissions.submittedAt, filter.submittedFrom) : undefined,
      filter.submittedBefore ? lt(this.submissions.submittedAt, filter.submittedBefore) : undefined,
    );
  }
}

export interface SubmissionListFilter {
  exhibitorId?: string | null;
  status?: SubmissionStatus | null;
  /** Inclusive start and exclusive end instants (Shanghai days turned into instants by the caller). */
  submittedFrom?: Date | null;
  submittedBefore?: Date | null;
}
