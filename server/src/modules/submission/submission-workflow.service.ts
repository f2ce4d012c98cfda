import {
  DEFAULT_SUBMISSION_PAGE_SIZE,
  isEditableByExhibitor,
  statusAfterDecision,
  type SubmissionDecision,
  type TApproveSubmissionsInput,
  type TRejectSubmissionsInput,
  type TSubmissionListInput,
} from '@portal/shared/submission/submission.schema';
import type { AuditAction } from '@portal/shared/audit/audit-log';
import { EXHIBITOR_LOCALE, FALLBACK_LOCALE, type Locale } from '@portal/shared/i18n/locales';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageWithTotal } from '../../lib/keyset';
import { systemClock, type Clock } from '../../lib/clock';
import { requireScope } from '../../lib/authorize';
import { PENDING_REVIEW, type PendingSubmission, type ReviewRow, type SubmissionListFilter, type SubmissionRow, type SubmissionTableQueries } from '../../lib/submission-tables';
import type { Viewer } from '../../lib/viewer';
import type { PhotoPurpose } from '../media/media.models';
import type { PhotoService } from '../media/photo.service';
import type { AccountModel } from '../account/account.models';
import type { AccountService } from '../account/account.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { ExhibitorModel } from '../exhibitor/exhibitor.models';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import type { OutgoingMessage } from '../messaging/message-channel';
import type { NoticeRecipient, ReviewMessenger, SubmissionSpec } from './submission-spec';
import { isSubmissionReviewer, requireSubmissionReviewer } from './submission.policy';

/**
 * The language a notice is written in: the recipient's. Every recipient of a review notice is an exhibitor
 * account, and an exhibitor reads the portal in Chinese (SPEC: the exhibitor area forces zh-CN); the
 * reviewer's own language says nothing about it. Anyone else is written to in the portal's fallback.
 */
export function noticeLocaleOf(account: Pick<AccountModel, 'scope'>): Locale {
  return account.scope === 'exhibitor' ? EXHIBITOR_LOCALE : FALLBACK_LOCALE;
}

/** One notice per decision, channel and address: a retried transaction or a second enqueue never sends twice. */
export function decisionNoticeKey(kind: string, row: Pick<ReviewRow, 'id' | 'decidedAt'>, message: { kind: string; to: string }) {
  return `${kind}-decision:${row.id}:${row.decidedAt?.toISOString() ?? ''}:${message.kind}:${message.to}`;
}

/** Who files: the account and its company (the kind's policy has authorised both). */
export interface Filer {
  actorId: string;
  exhibitorId: string;
}

/** One filing or edit of a kind's item, as the kind writes it. */
export interface Filing<TRow extends ReviewRow> {
  /** The item being edited, locked: `required` when the filer named it (an unknown id is NOT_FOUND). Absent: a new item. */
  existing?: { lock: (tx: Executor) => Promise<TRow | undefined>; required: boolean };
  /** The filing's own checks (pictures, a placement), under the locks. */
  check?: (tx: Executor, context: { company: ExhibitorModel; before: TRow | null }) => Promise<void>;
  /** Writes the item with the review columns given (back to PENDING); `before` is null for a new one. */
  write: (tx: Executor, pending: PendingSubmission, before: TRow | null) => Promise<TRow>;
}

/** "2025-04-10" → the instant that Beijing day starts, `plusDays` later. */
function shanghaiDayStart(day: string | null | undefined, plusDays = 0): Date | null {
  return day ? new Date(new Date(`${day}T00:00:00+08:00`).getTime() + plusDays * 86_400_000) : null;
}

/**
 * The one review workflow of exhibitor filings — badges, catalog entries, banners, products (DESIGN §6).
 * Each kind brings a spec (submission-spec.ts); this service files, edits and resubmits (the company row
 * locked, the kind's limits held, the item locked and its state re-checked) and decides one or many (rows
 * locked in id order, the state re-checked against the kind's rule); every change writes its history row,
 * its audit row and, for a decision, the notices in the same transaction. Delivery follows the commit.
 */
export class SubmissionWorkflowService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly accounts: Pick<AccountService, 'findById' | 'findByExhibitor'>,
    private readonly exhibitors: Pick<ExhibitorService, 'lockForUpdate' | 'listNames'>,
    private readonly messenger: ReviewMessenger,
    private readonly notices: NoticeOutbox,
    private readonly photos: Pick<PhotoService, 'findByIds'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The pictures a filing attaches, or SUBMISSION_PHOTO_INVALID on `field`: each of the purpose, and
   * uploaded by this account or already attached to the item being edited (never another company's).
   */
  async requireUsablePhotos(tx: Executor, ids: readonly string[], purpose: PhotoPurpose, actorId: string, attached: readonly string[], field: string) {
    const found = await this.photos.findByIds(ids, tx);
    const usable = ids.every((id) => {
      const photo = found.find((row) => row.id === id);
      return photo?.purpose === purpose && (photo.ownerId === actorId || attached.includes(photo.id));
    });
    if (!usable) throw new AppError('SUBMISSION_PHOTO_INVALID', {}, [{ path: field, code: 'SUBMISSION_PHOTO_INVALID' }]);
  }

  /** The company of an exhibitor viewer (any status), read from the account, or FORBIDDEN: what it may read and file. */
  async requireFiler(viewer: Viewer | undefined): Promise<Filer> {
    const found = requireScope(viewer, 'exhibitor');
    const account = await this.accounts.findById(found.id);
    if (!account?.exhibitorId) throw new AppError('FORBIDDEN');
    return { actorId: found.id, exhibitorId: account.exhibitorId };
  }

  /** The company an exhibitor viewer belongs to, or null (photo access rules). */
  async exhibitorIdOf(viewer: Viewer): Promise<string | null> {
    if (viewer.scope !== 'exhibitor') return null;
    return (await this.accounts.findById(viewer.id))?.exhibitorId ?? null;
  }

  /**
   * One item for the exhibitor section's organizers or the filing company; null for anyone else, for an
   * unknown id and for a malformed one (`id` null), so that nobody learns which ids exist.
   */
  async readable<TRow extends ReviewRow>(viewer: Viewer | undefined, id: string | null, load: (id: string) => Promise<TRow | undefined>): Promise<TRow | null> {
    const exhibitorId = isSubmissionReviewer(viewer) ? null : (await this.requireFiler(viewer)).exhibitorId;
    const row = id ? await load(id) : undefined;
    return row && (exhibitorId === null || row.exhibitorId === exhibitorId) ? row : null;
  }

  exhibitorNames(viewer: Viewer | undefined) {
    requireSubmissionReviewer(viewer);
    return this.exhibitors.listNames();
  }

  /** The organizers' queue. */
  list<TRow extends SubmissionRow>(queries: SubmissionTableQueries<TRow>, viewer: Viewer | undefined, input: TSubmissionListInput) {
    requireSubmissionReviewer(viewer);
    return this.page(queries, input, null);
  }

  /** The exhibitor's own list: the same filters, always narrowed to its company. */
  async listOwn<TRow extends SubmissionRow>(queries: SubmissionTableQueries<TRow>, viewer: Viewer | undefined, input: TSubmissionListInput) {
    return this.page(queries, input, (await this.requireFiler(viewer)).exhibitorId);
  }

  /** The queue's filter as conditions (also for exports). */
  conditionsOf(input: TSubmissionListInput, exhibitorId: string | null): { filter: SubmissionListFilter; page: number; pageSize: number } {
    const filter = input.filter ?? {};
    return {
      filter: {
        exhibitorId: exhibitorId ?? filter.exhibitorId,
        status: filter.status,
        submittedFrom: shanghaiDayStart(filter.submittedFrom),
        submittedBefore: shanghaiDayStart(filter.submittedTo, 1),
      },
      page: input.page ?? 1,
      pageSize: input.pageSize ?? DEFAULT_SUBMISSION_PAGE_SIZE,
    };
  }

  private async page<TRow extends SubmissionRow>(queries: SubmissionTableQueries<TRow>, input: TSubmissionListInput, exhibitorId: string | null) {
    const { filter, page, pageSize } = this.conditionsOf(input, exhibitorId);
    const { nodes, total } = await pageWithTotal(page, pageSize, {
      count: () => queries.count(this.db, filter),
      countIsKept: false,
      readPage: () => queries.readPage(this.db, filter, page, pageSize),
    });
    return { nodes, total, page, pageSize };
  }

  historyOf<TRow extends ReviewRow>(spec: SubmissionSpec<TRow>, id: string) {
    return spec.queries.historyOf(this.db, id);
  }

  /**
   * Files a new item, or edits one of the company's own that is not approved (→ PENDING), in one
   * transaction: the company row is locked first (it must be ACTIVE; the kind's limits are counted under
   * this lock), then the edited item (another company's is simply not found). History and audit rows
   * commit with the change.
   */
  async file<TRow extends ReviewRow>(spec: SubmissionSpec<TRow>, filer: Filer, filing: Filing<TRow>, origin: RequestOrigin): Promise<TRow> {
    return this.db.transaction(async (tx) => {
      const company = await this.exhibitors.lockForUpdate(tx, filer.exhibitorId);
      if (company?.status !== 'ACTIVE') throw new AppError('EXHIBITOR_NOT_ACTIVE');
      const before = filing.existing ? ((await filing.existing.lock(tx)) ?? null) : null;
      if (before ? before.exhibitorId !== company.id : filing.existing?.required) throw new AppError('NOT_FOUND');
      if (before && !isEditableByExhibitor(before.status)) throw new AppError('SUBMISSION_NOT_EDITABLE');
      await spec.holdLimits?.(tx, { company, before });
      await filing.check?.(tx, { company, before });
      const after = await filing.write(tx, { ...PENDING_REVIEW, submittedAt: new Date(this.clock.now()) }, before);
      await spec.afterChange?.(tx, after);
      await this.recordFiling(tx, spec, before, after, filer.actorId, origin);
      return after;
    });
  }

  /**
   * A change that sends an item back to review outside a filing (a badge's photo replaced at /ticket):
   * the kind's follow-up, history and audit rows in the caller's transaction.
   */
  async recordResubmission<TRow extends ReviewRow>(tx: Executor, spec: SubmissionSpec<TRow>, before: TRow, after: TRow, origin: RequestOrigin, action: AuditAction) {
    await spec.afterChange?.(tx, after);
    await spec.queries.addHistory(tx, [{ subjectId: after.id, fromStatus: before.status, toStatus: after.status, actorId: null }]);
    await this.audit.record(origin, { actorId: null, action, subjectType: spec.kind, subjectId: after.id, detail: { from: before.status, to: after.status } }, tx);
  }

  /** A filing (→ PENDING): history and audit rows in the caller's transaction. */
  private async recordFiling<TRow extends ReviewRow>(tx: Executor, spec: SubmissionSpec<TRow>, before: TRow | null, after: TRow, actorId: string, origin: RequestOrigin) {
    await spec.queries.addHistory(tx, [{ subjectId: after.id, fromStatus: before?.status ?? null, toStatus: after.status, actorId }]);
    await this.audit.record(
      origin,
      { actorId, action: `${spec.kind}.${before ? 'edit' : 'submit'}`, subjectType: spec.kind, subjectId: after.id, detail: { from: before?.status ?? null, to: after.status } },
      tx,
    );
  }

  approve<TRow extends ReviewRow>(spec: SubmissionSpec<TRow>, viewer: Viewer | undefined, { ids }: TApproveSubmissionsInput, origin: RequestOrigin) {
    const reviewer = requireSubmissionReviewer(viewer);
    return this.decide(spec, reviewer, ids, 'approve', null, origin);
  }

  reject<TRow extends ReviewRow>(spec: SubmissionSpec<TRow>, viewer: Viewer | undefined, { ids, reason }: TRejectSubmissionsInput, origin: RequestOrigin) {
    const reviewer = requireSubmissionReviewer(viewer);
    return this.decide(spec, reviewer, ids, 'reject', reason, origin);
  }

  /** All or nothing: every id must exist, and the kind's rule must allow the decision on each once locked. */
  private async decide<TRow extends ReviewRow>(spec: SubmissionSpec<TRow>, reviewer: Viewer, ids: readonly string[], decision: SubmissionDecision, reason: string | null, origin: RequestOrigin) {
    const unique = [...new Set(ids)];
    const decided = await this.db.transaction(async (tx) => {
      const locked = await spec.queries.lock(tx, unique);
      if (locked.length !== unique.length) throw new AppError('NOT_FOUND');
      const decidedAt = new Date(this.clock.now());
      const rows: TRow[] = [];
      for (const before of locked) {
        const status = statusAfterDecision(before.status, decision, spec.rule);
        if (!status) throw new AppError('SUBMISSION_NOT_PENDING');
        const after = await spec.queries.setDecision(tx, before.id, { status, rejectReason: reason, decidedAt, decidedBy: reviewer.id });
        await spec.afterChange?.(tx, after);
        await spec.queries.addHistory(tx, [{ subjectId: after.id, fromStatus: before.status, toStatus: status, reason, actorId: reviewer.id }]);
        await this.audit.record(
          origin,
          { actorId: reviewer.id, action: `${spec.kind}.${decision}`, subjectType: spec.kind, subjectId: after.id, detail: { from: before.status, to: status, reason } },
          tx,
        );
        await this.enqueueNotices(tx, spec, after);
        rows.push(after);
      }
      return rows;
    });
    void this.notices.kick();
    const order = new Map(unique.map((id, index) => [id, index]));
    return decided.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }

  /** The kind's recipients among the company's enabled accounts, each told in their own language. */
  private async enqueueNotices<TRow extends ReviewRow>(tx: Executor, spec: SubmissionSpec<TRow>, row: TRow) {
    const recipients = spec.recipients(row, await this.accounts.findByExhibitor(row.exhibitorId, tx));
    const messages: OutgoingMessage[] = [];
    for (const account of recipients) {
      const to: NoticeRecipient = { email: account.email, mobile: account.mobile, locale: noticeLocaleOf(account) };
      messages.push(...(await spec.notice(tx, this.messenger, to, row)));
    }
    await this.notices.enqueue(tx, messages.map((message) => ({ dedupeKey: decisionNoticeKey(spec.kind, row, message), message })));
  }
}
