import type { Database, Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { pageWithTotal } from '../../lib/keyset';
import { PeriodicRead } from '../../lib/periodic-read';
import type { Viewer } from '../../lib/viewer';
import type { TBadgeFilter, TBadgeListInput } from '@portal/shared/badge/badge.schema';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { PhotoService } from '../media/photo.service';
import type { BadgeModel, BadgeRow } from './badge.models';
import { isBadgeReviewer, isMemberOf, requireBadgeReviewer, requireExhibitorMember, type BadgeViewer } from './badge.policy';
import * as repository from './badge.repository';

/** How many summed count changes make a list read fold them (see badgeCountDeltas). */
const COUNT_CHANGES_TO_FOLD = 200;

/** How long the keyword grams' statistics are used before they are read again (an ANALYZE changes them). */
const GRAM_STATISTICS_MAX_AGE_MS = 5 * 60_000;

/**
 * Staff badges as they are read: the exhibitor's own list with its used / limit count, the organizers'
 * queue (exact totals from maintained counts, keyword pages from maintained grams), the audited detail,
 * the photos' access rule, exports and the dashboard's figures. Filing is BadgeFilingService, decisions
 * BadgeReviewService (both on the review workflow), the public /ticket page BadgeTicketService. Every
 * method authorises the viewer itself (GraphQL and REST edges apply the same rule).
 */
export class BadgeService {
  /** The keyword grams' statistics, read once in a while: a stale copy only picks a slower pair, never other matches. */
  private readonly gramStatistics: PeriodicRead<repository.GramFrequencies>;

  constructor(
    private readonly db: Database,
    private readonly exhibitors: Pick<ExhibitorService, 'findById'>,
    private readonly accounts: Pick<AccountService, 'findById'>,
    private readonly photos: Pick<PhotoService, 'faceMatchScore'>,
    private readonly audit: AuditService,
    clock: Clock = systemClock,
  ) {
    this.gramStatistics = new PeriodicRead(() => repository.readGramFrequencies(this.db), GRAM_STATISTICS_MAX_AGE_MS, clock);
  }

  /** Used and allowed badges of the company (the count the list always shows). */
  async usage(exhibitorId: string) {
    const [used, company] = await Promise.all([repository.countCountingBadges(this.db, exhibitorId), this.exhibitors.findById(exhibitorId)]);
    return { used, limit: company?.credentialLimit ?? 0 };
  }

  /** The badges that count against the limit, in the caller's transaction (the exhibitor module checks a new limit under its lock). */
  countCounting(tx: Executor, exhibitorId: string) {
    return repository.countCountingBadges(tx, exhibitorId);
  }

  /** The counting badges of several companies, by company id (a company without any is left out). */
  async countCountingOf(exhibitorIds: readonly string[]): Promise<Map<string, number>> {
    return new Map((await repository.countCountingBadgesOf(this.db, exhibitorIds)).map((row) => [row.exhibitorId, row.value]));
  }

  /** The exhibitor's own list: always restricted to the viewer's company. */
  async ownList(viewer: BadgeViewer | undefined, { page, pageSize, ...filter }: TBadgeListInput) {
    const { exhibitorId } = requireExhibitorMember(viewer);
    const [found, usage] = await Promise.all([this.pageOf({ ...filter, exhibitorId }, page, pageSize), this.usage(exhibitorId)]);
    return { ...found, page, pageSize, ...usage };
  }

  /** One of the company's badges; another company's is NOT_FOUND-as-null (nobody learns which ids exist). */
  async own(viewer: BadgeViewer | undefined, id: string | null): Promise<BadgeModel | null> {
    const { exhibitorId } = requireExhibitorMember(viewer);
    const badge = await this.findById(id);
    return badge && badge.exhibitorId === exhibitorId ? { ...badge, revealed: true } : null;
  }

  /** The organizer's queue: every company, filtered and paged on the server. */
  async queue(viewer: Viewer | undefined, { page, pageSize, ...filter }: TBadgeListInput) {
    requireBadgeReviewer(viewer);
    return { ...(await this.pageOf(filter, page, pageSize)), page, pageSize };
  }

  /**
   * A page and the exact total of its filter: for a company and a state from the maintained counts (then
   * a page in the second half is read from the end), for dates or a keyword by reading the matches in the
   * page's own statement.
   */
  private pageOf(filter: TBadgeFilter, page: number, pageSize: number) {
    const countKey = repository.countKeyOf(filter);
    return pageWithTotal(page, pageSize, {
      count: () => (countKey ? this.countOf(countKey) : repository.countBadges(this.db, filter)),
      countIsKept: countKey !== null,
      readPage: (total) => repository.listBadges(this.db, filter, page, pageSize, total),
      countedPage: countKey ? undefined : () => repository.countedBadgePage(this.db, filter, page, pageSize, () => this.gramStatistics.get()),
    });
  }

  private async countOf(countKey: NonNullable<ReturnType<typeof repository.countKeyOf>>) {
    const { total, changes } = await repository.countFromDeltas(this.db, countKey);
    // The reader that finds many changes folds them (a few milliseconds), so that a sum stays short.
    if (changes > COUNT_CHANGES_TO_FOLD) await repository.compactBadgeCountDeltas(this.db);
    return total;
  }

  /** One badge in full for an organizer (the full ID number); every view is audited (PIPL). */
  async detail(viewer: Viewer | undefined, id: string | null, origin: RequestOrigin): Promise<BadgeModel | null> {
    const reviewer = requireBadgeReviewer(viewer);
    const badge = await this.findById(id);
    if (!badge) return null;
    await this.audit.record(origin, { actorId: reviewer.id, action: 'badge.view', subjectType: 'badge', subjectId: badge.id });
    return { ...badge, revealed: true };
  }

  /** Who may see a badge's history and photos: its company's accounts and the section's organizers. */
  canRead(viewer: BadgeViewer | undefined, badge: Pick<BadgeRow, 'exhibitorId'>) {
    return isBadgeReviewer(viewer) || isMemberOf(viewer, badge.exhibitorId);
  }

  /** The staff member's name of each badge id (the audit log names its subjects). */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await repository.findBadgesByIds(this.db, ids)).map((badge) => [badge.id, badge.name]));
  }

  faceMatchScoreOf(badge: BadgeRow) {
    // The counter check (decision 0209): no face comparison runs for it.
    return badge.entryPhotoId && badge.idPhotoId && !badge.counterCheck ? this.photos.faceMatchScore(badge.entryPhotoId, badge.idPhotoId) : Promise.resolve(null);
  }

  /** Photo access (wired in services.ts): organizers of the section (audited) and the owning company's accounts. */
  async photoAccess(viewer: Viewer, photoId: string): Promise<{ audited: boolean } | null> {
    if (isBadgeReviewer(viewer)) return (await repository.badgeReferencingPhoto(this.db, photoId)) ? { audited: true } : null;
    if (viewer.scope !== 'exhibitor') return null;
    // The company is read from the account, not from what the caller's viewer object carries.
    const exhibitorId = (await this.accounts.findById(viewer.id))?.exhibitorId;
    return exhibitorId && (await repository.badgeReferencingPhoto(this.db, photoId, exhibitorId)) ? { audited: false } : null;
  }

  /**
   * The filter an export runs: an exhibitor's is always its own company's; an organizer's may name one.
   * Returns the viewer's id for the audit row.
   */
  exportFilter(viewer: BadgeViewer | undefined, filter: TBadgeFilter): { actorId: string; filter: TBadgeFilter } {
    if (viewer?.scope === 'exhibitor') {
      const { exhibitorId } = requireExhibitorMember(viewer);
      return { actorId: viewer.id, filter: { ...filter, exhibitorId } };
    }
    const reviewer = requireBadgeReviewer(viewer);
    return { actorId: reviewer.id, filter };
  }

  /** The rows an export of `filter` will hold (its X-Total-Count header, for the download's progress). */
  count(filter: TBadgeFilter) {
    return repository.countBadges(this.db, filter);
  }

  /** The filtered list in batches, in the list's order (exports). */
  iterate(filter: TBadgeFilter) {
    return repository.iterateBadges(this.db, filter);
  }

  /** A badge by id for another module's rule (an invitation letter's holder); the caller authorises. */
  holderOf(id: string, tx: Executor = this.db) {
    return repository.findBadgeById(tx, id);
  }

  private async findById(id: string | null) {
    return id ? repository.findBadgeById(this.db, id) : undefined;
  }

  /** The dashboard's figure: badges per state (from the maintained counts). */
  async countByStatus() {
    const { counts, changes } = await repository.countByStatusFromDeltas(this.db);
    if (changes > COUNT_CHANGES_TO_FOLD) await repository.compactBadgeCountDeltas(this.db);
    return counts;
  }
}
