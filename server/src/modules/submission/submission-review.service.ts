import { DEFAULT_SUBMISSION_PAGE_SIZE, ZSubmissionId, isEditableByExhibitor, ZApproveSubmissionsInput, ZRejectSubmissionsInput, ZSubmissionListInput, statusAfterDecision, type SubmissionDecision } from '@portal/shared/submission/submission.schema';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireScope } from '../../lib/authorize';
import type { SubmissionListFilter, SubmissionRow, SubmissionTableQueries } from '../../lib/submission-tables';
import { pageWithTotal } from '../../lib/keyset';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import type { PhotoPurpose } from '../media/media.models';
import type { PhotoService } from '../media/photo.service';
import type { AccountService } from '../account/account.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import { EXHIBITOR_LOCALE } from '@portal/shared/i18n/locales';
import type { SubmissionKind } from './submission.models';
import { isSubmissionReviewer, requireSubmissionReviewer } from './submission.policy';

/** How one module's submissions plug into the shared workflow. */
export interface SubmissionSpec<TRow extends SubmissionRow> {
  kind: SubmissionKind;
  queries: SubmissionTableQueries<TRow>;
  /** What the exhibitor's messages call the item ("摩途科技" for a catalog entry, a product's name). */
  titleOf(row: TRow): string;
}

/** "2025-04-10" → the instant that Beijing day starts, `plusDays` later. */
function shanghaiDayStart(day: string | null | undefined, plusDays = 0): Date | null {
  return day ? new Date(new Date(`${day}T00:00:00+08:00`).getTime() + plusDays * 86_400_000) : null;
}

/**
 * The review workflow shared by catalog entries, banners and products (DESIGN §6): who may file (an
 * account of an ACTIVE company), the queues' paging and filters, and decisions — row locks, the state
 * re-checked, history and audit rows and the exhibitor's notices in one transaction, delivery after it.
 */
export class SubmissionReviewService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly accounts: Pick<AccountService, 'findById' | 'findByExhibitor'>,
    private readonly exhibitors: Pick<ExhibitorService, 'findById' | 'listNames'>,
    private readonly messenger: Pick<Messenger, 'submissionReviewed'>,
    private readonly notices: NoticeOutbox,
    private readonly photos: Pick<PhotoService, 'findByIds'>,
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

  /** The company of an exhibitor viewer (any status), or FORBIDDEN: what it may read. */
  async requireExhibitorId(viewer: Viewer | undefined): Promise<string> {
    const found = requireScope(viewer, 'exhibitor');
    const account = await this.accounts.findById(found.id);
    if (!account?.exhibitorId) throw new AppError('FORBIDDEN');
    return account.exhibitorId;
  }

  /** The viewer's company when it may file: only while the organizer keeps it approved (status ACTIVE). */
  async requireActiveExhibitor(viewer: Viewer | undefined) {
    const exhibitor = await this.exhibitors.findById(await this.requireExhibitorId(viewer));
    if (!viewer || exhibitor?.status !== 'ACTIVE') throw new AppError('EXHIBITOR_NOT_ACTIVE');
    return { actorId: viewer.id, exhibitor };
  }

  /** The company an exhibitor viewer belongs to, or null (photo access rules). */
  async exhibitorIdOf(viewer: Viewer): Promise<string | null> {
    if (viewer.scope !== 'exhibitor') return null;
    return (await this.accounts.findById(viewer.id))?.exhibitorId ?? null;
  }

  /**
   * One item for the exhibitor section's organizers or the filing company; null for anyone else (and for
   * an unknown id), so that nobody learns which ids exist.
   */
  async readable<TRow extends SubmissionRow>(viewer: Viewer | undefined, rawId: unknown, load: (id: string) => Promise<TRow | undefined>): Promise<TRow | null> {
    const exhibitorId = isSubmissionReviewer(viewer) ? null : await this.requireExhibitorId(viewer);
    const id = ZSubmissionId.safeParse(rawId);
    const row = id.success ? await load(id.data) : undefined;
    return row && (exhibitorId === null || row.exhibitorId === exhibitorId) ? row : null;
  }

  exhibitorNames(viewer: Viewer | undefined) {
    requireSubmissionReviewer(viewer);
    return this.exhibitors.listNames();
  }

  /** The organizers' queue. */
  list<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, viewer: Viewer | undefined, rawInput: unknown) {
    requireSubmissionReviewer(viewer);
    return this.page(spec, rawInput, null);
  }

  /** The exhibitor's own list: the same filters, always narrowed to its company. */
  async listOwn<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, viewer: Viewer | undefined, rawInput: unknown) {
    return this.page(spec, rawInput, await this.requireExhibitorId(viewer));
  }

  /** The queue's filter as conditions (also for exports). */
  conditionsOf(rawInput: unknown, exhibitorId: string | null): { filter: SubmissionListFilter; page: number; pageSize: number } {
    const input = parseInput(ZSubmissionListInput, rawInput);
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

  private async page<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, rawInput: unknown, exhibitorId: string | null) {
    const { filter, page, pageSize } = this.conditionsOf(rawInput, exhibitorId);
    const { nodes, total } = await pageWithTotal(page, pageSize, {
      count: () => spec.queries.count(this.db, filter),
      countIsKept: false,
      readPage: () => spec.queries.readPage(this.db, filter, page, pageSize),
    });
    return { nodes, total, page, pageSize };
  }

  historyOf<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, id: string) {
    return spec.queries.historyOf(this.db, id);
  }

  /**
   * Files a new item, or edits one of the company's own that is not approved (→ PENDING), in one
   * transaction that locks the edited row: another company's id is simply not found; the pictures must
   * be this account's uploads (or already attached); history and audit rows commit with the change.
   */
  async file<TRow extends SubmissionRow>(
    viewer: Viewer | undefined,
    spec: SubmissionSpec<TRow>,
    origin: RequestOrigin,
    filing: {
      id: string | null | undefined;
      lock: (tx: Executor, id: string) => Promise<TRow | undefined>;
      pictures: { ids: readonly string[]; purpose: PhotoPurpose; field: string; attachedTo: (row: TRow) => readonly string[] };
      insert: (tx: Executor, exhibitorId: string) => Promise<TRow>;
      update: (tx: Executor, id: string) => Promise<TRow>;
      check?: (tx: Executor) => Promise<void>;
    },
  ): Promise<TRow> {
    const { actorId, exhibitor } = await this.requireActiveExhibitor(viewer);
    return this.db.transaction(async (tx) => {
      const before = filing.id ? ((await filing.lock(tx, filing.id)) ?? null) : null;
      if (filing.id && before?.exhibitorId !== exhibitor.id) throw new AppError('NOT_FOUND');
      if (before && !isEditableByExhibitor(before.status)) throw new AppError('SUBMISSION_NOT_EDITABLE');
      await filing.check?.(tx);
      const { ids, purpose, field, attachedTo } = filing.pictures;
      await this.requireUsablePhotos(tx, ids, purpose, actorId, before ? attachedTo(before) : [], field);
      const after = before ? await filing.update(tx, before.id) : await filing.insert(tx, exhibitor.id);
      await this.recordFiling(tx, spec, before, after, actorId, origin);
      return after;
    });
  }

  /** A filing or an edit by the exhibitor (→ PENDING): history and audit rows in the caller's transaction. */
  async recordFiling<TRow extends SubmissionRow>(tx: Executor, spec: SubmissionSpec<TRow>, before: TRow | null, after: TRow, actorId: string, origin: RequestOrigin) {
    await spec.queries.addHistory(tx, [{ subjectId: after.id, fromStatus: before?.status ?? null, toStatus: after.status, actorId }]);
    await this.audit.record(
      origin,
      { actorId, action: `${spec.kind}.${before ? 'edit' : 'submit'}`, subjectType: spec.kind, subjectId: after.id, detail: { from: before?.status ?? null, to: after.status } },
      tx,
    );
  }

  approve<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const reviewer = requireSubmissionReviewer(viewer);
    const { ids } = parseInput(ZApproveSubmissionsInput, rawInput);
    return this.decide(spec, reviewer, ids, 'approve', null, origin);
  }

  reject<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const reviewer = requireSubmissionReviewer(viewer);
    const { ids, reason } = parseInput(ZRejectSubmissionsInput, rawInput);
    return this.decide(spec, reviewer, ids, 'reject', reason, origin);
  }

  /** All or nothing: every id must exist and still be PENDING once locked. */
  private async decide<TRow extends SubmissionRow>(spec: SubmissionSpec<TRow>, reviewer: Viewer, ids: readonly string[], decision: SubmissionDecision, reason: string | null, origin: RequestOrigin) {
    const unique = [...new Set(ids)];
    const decided = await this.db.transaction(async (tx) => {
      const locked = await spec.queries.lock(tx, unique);
      if (locked.length !== unique.length) throw new AppError('NOT_FOUND');
      const rows: TRow[] = [];
      for (const before of locked) {
        const status = statusAfterDecision(before.status, decision);
        if (!status) throw new AppError('SUBMISSION_NOT_PENDING');
        const after = await spec.queries.setDecision(tx, before.id, { status, rejectReason: reason, decidedAt: new Date(), decidedBy: reviewer.id });
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

  /** One email and one SMS per enabled account of the company; the decision's time makes the key unique. */
  private async enqueueNotices<TRow extends SubmissionRow>(tx: Executor, spec: SubmissionSpec<TRow>, row: TRow) {
    const accounts = await this.accounts.findByExhibitor(row.exhibitorId, tx);
    const messages = await this.messenger.submissionReviewed(
      tx,
      accounts.map((account) => ({ email: account.email, mobile: account.mobile })),
      { outcome: row.status === 'APPROVED' ? 'approved' : 'rejected', kind: spec.kind, title: spec.titleOf(row), reason: row.rejectReason },
      EXHIBITOR_LOCALE,
    );
    await this.notices.enqueue(
      tx,
      messages.map((message) => ({ dedupeKey: `${spec.kind}-decision:${row.id}:${row.decidedAt?.toISOString() ?? ''}:${message.kind}:${message.to}`, message })),
    );
  }
}
