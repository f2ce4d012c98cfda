import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { violatedUniqueConstraint } from '../../lib/database-errors';
import { idNumberColumns, personalDataHash } from '../../lib/personal-data-cipher';
import { pageWithTotal } from '../../lib/keyset';
import { PeriodicRead } from '../../lib/periodic-read';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import { shanghaiDate } from '@portal/shared/dates';
import {
  badgeInputSchema,
  isBadgeEditable,
  ZApproveBadgesInput,
  ZBadgeFilter,
  ZBadgeId,
  ZBadgeListInput,
  ZBadgeTicketInput,
  ZBadgePhotoReplaceInput,
  ZRejectBadgesInput,
  type TBadgeFilter,
  type TBadgeInput,
} from '@portal/shared/badge/badge.schema';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { PhotoService } from '../media/photo.service';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import type { ShowService } from '../show/show.service';
import type { TicketService } from '../ticket/ticket.service';
import type { CaptchaService } from '../auth/captcha.service';
import type { VerificationCodeService } from '../auth/verification-code.service';
import type { Locale } from '@portal/shared/i18n/locales';
import { VERIFICATION_CODE_DAILY_LIMIT, VERIFICATION_CODE_HOURLY_LIMIT, VERIFICATION_CODE_RESEND_SECONDS } from '@portal/shared/auth/credentials';
import type { ExpiringStore } from '../../lib/expiring-store';
import type { BadgeDecision, BadgeModel, BadgeRow } from './badge.models';
import { isBadgeReviewer, isMemberOf, requireBadgeReviewer, requireExhibitorMember, type BadgeViewer } from './badge.policy';
import * as repository from './badge.repository';
import { BADGE_ID_NUMBER_UNIQUE, BADGE_PHONE_UNIQUE } from './badge.tables';

/** How many summed count changes make a list read fold them (see badgeCountDeltas). */
const COUNT_CHANGES_TO_FOLD = 200;

/** How long the keyword grams' statistics are used before they are read again (an ANALYZE changes them). */
const GRAM_STATISTICS_MAX_AGE_MS = 5 * 60_000;

/** /ticket look-ups: per address and per ID number, in an hour (docs/decisions/0411-badge-ticket-lookup.md). */
const TICKET_WINDOW_SECONDS = 3600;
const TICKET_IP_HOURLY_LIMIT = 30;
const TICKET_ID_HOURLY_LIMIT = 10;

/**
 * Staff badges: an exhibitor applies within its company's credentialLimit — the company row
 * is locked, the non-rejected badges counted and the badge inserted in one transaction, so concurrent
 * submissions never exceed it — and organizers decide in bulk with audit rows and notices in the same
 * transaction. Every method authorises the viewer itself (GraphQL and REST edges apply the same rule).
 */
export class BadgeService {
  /** The keyword grams' statistics, read once in a while: a stale copy only picks a slower pair, never other matches. */
  private readonly gramStatistics: PeriodicRead<repository.GramFrequencies>;

  constructor(
    private readonly db: Database,
    private readonly exhibitors: ExhibitorService,
    private readonly accounts: AccountService,
    private readonly photos: PhotoService,
    private readonly audit: AuditService,
    private readonly messenger: Pick<Messenger, 'badgeReviewed'>,
    private readonly notices: NoticeOutbox,
    private readonly tickets: TicketService,
    private readonly captcha: Pick<CaptchaService, 'verifyOnce'>,
    private readonly codes: Pick<VerificationCodeService, 'countRequestFrom' | 'send' | 'consume'>,
    private readonly store: ExpiringStore,
    private readonly show: Pick<ShowService, 'firstShowDay'>,
    private readonly clock: Clock = systemClock,
  ) {
    this.gramStatistics = new PeriodicRead(() => repository.readGramFrequencies(this.db), GRAM_STATISTICS_MAX_AGE_MS, clock);
  }

  /** Used and allowed badges of the company (the count the list always shows). */
  async usage(exhibitorId: string) {
    const [used, company] = await Promise.all([repository.countCountingBadges(this.db, exhibitorId), this.exhibitors.findById(exhibitorId)]);
    return { used, limit: company?.credentialLimit ?? 0 };
  }

  /** The exhibitor's own list: always restricted to the viewer's company. */
  /** The badges that count against the limit, in the caller's transaction (the exhibitor module checks a new limit under its lock). */
  countCounting(tx: Executor, exhibitorId: string) {
    return repository.countCountingBadges(tx, exhibitorId);
  }

  /** The counting badges of several companies, by company id (a company without any is left out). */
  async countCountingOf(exhibitorIds: readonly string[]): Promise<Map<string, number>> {
    return new Map((await repository.countCountingBadgesOf(this.db, exhibitorIds)).map((row) => [row.exhibitorId, row.value]));
  }

  async ownList(viewer: BadgeViewer | undefined, rawInput: unknown) {
    const { exhibitorId } = requireExhibitorMember(viewer);
    const { page, pageSize, ...filter } = parseInput(ZBadgeListInput, rawInput);
    const [found, usage] = await Promise.all([this.pageOf({ ...filter, exhibitorId }, page, pageSize), this.usage(exhibitorId)]);
    return { ...found, page, pageSize, ...usage };
  }

  /** One of the company's badges; another company's is NOT_FOUND-as-null (nobody learns which ids exist). */
  async own(viewer: BadgeViewer | undefined, rawId: unknown): Promise<BadgeModel | null> {
    const { exhibitorId } = requireExhibitorMember(viewer);
    const badge = await this.findById(rawId);
    return badge && badge.exhibitorId === exhibitorId ? { ...badge, revealed: true } : null;
  }

  /** Creates (no id) or edits a badge; an edit of a rejected badge resubmits it (→ PENDING). */
  async save(viewer: BadgeViewer | undefined, rawId: unknown, rawInput: unknown, origin: RequestOrigin): Promise<BadgeModel> {
    const member = requireExhibitorMember(viewer);
    const input = parseInput(badgeInputSchema({ today: shanghaiDate(new Date(this.clock.now())), firstShowDay: await this.show.firstShowDay() }), rawInput);
    const id = rawId === null || rawId === undefined ? null : ZBadgeId.safeParse(rawId);
    if (id && !id.success) throw new AppError('NOT_FOUND');
    await this.checkPhotos(member.exhibitorId, input);
    try {
      const saved = await this.db.transaction((tx) => (id ? this.update(tx, member, id.data, input, origin) : this.create(tx, member, input, origin)));
      return { ...saved, revealed: true };
    } catch (error) {
      throw takenFieldError(error);
    }
  }

  /** Deletes a badge that is not approved (it no longer counts against the limit). */
  async remove(viewer: BadgeViewer | undefined, rawId: unknown, origin: RequestOrigin) {
    const member = requireExhibitorMember(viewer);
    const id = ZBadgeId.safeParse(rawId);
    if (!id.success) throw new AppError('NOT_FOUND');
    await this.db.transaction(async (tx) => {
      const badge = await repository.lockBadge(tx, id.data);
      if (!badge || badge.exhibitorId !== member.exhibitorId) throw new AppError('NOT_FOUND');
      if (!isBadgeEditable(badge.status)) throw new AppError('BADGE_NOT_EDITABLE');
      await repository.deleteBadge(tx, badge.id);
      await this.tickets.eraseHolders(tx, 'BADGE', [badge.id]);
      await this.audit.record(origin, { actorId: member.viewer.id, action: 'badge.delete', subjectType: 'badge', subjectId: badge.id, detail: { status: badge.status } }, tx);
    });
    return true;
  }

  /** The organizer's queue: every company, filtered and paged on the server. */
  async queue(viewer: Viewer | undefined, rawInput: unknown) {
    requireBadgeReviewer(viewer);
    const { page, pageSize, ...filter } = parseInput(ZBadgeListInput, rawInput);
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
  async detail(viewer: Viewer | undefined, rawId: unknown, origin: RequestOrigin): Promise<BadgeModel | null> {
    const reviewer = requireBadgeReviewer(viewer);
    const badge = await this.findById(rawId);
    if (!badge) return null;
    await this.audit.record(origin, { actorId: reviewer.id, action: 'badge.view', subjectType: 'badge', subjectId: badge.id });
    return { ...badge, revealed: true };
  }

  approve(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const reviewer = requireBadgeReviewer(viewer);
    const { ids } = parseInput(ZApproveBadgesInput, rawInput);
    return this.decide(reviewer, ids, 'approve', null, origin);
  }

  reject(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    const reviewer = requireBadgeReviewer(viewer);
    const { ids, reason } = parseInput(ZRejectBadgesInput, rawInput);
    return this.decide(reviewer, ids, 'reject', reason, origin);
  }

  /** Who may see a badge's history and photos: its company's accounts and the section's organizers. */
  canRead(viewer: BadgeViewer | undefined, badge: Pick<BadgeRow, 'exhibitorId'>) {
    return isBadgeReviewer(viewer) || isMemberOf(viewer, badge.exhibitorId);
  }

  statusHistoryOf(badgeId: string) {
    return repository.statusHistoryOf(this.db, badgeId);
  }

  /** The staff member's name of each badge id (the audit log names its subjects). */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await repository.findBadgesByIds(this.db, ids)).map((badge) => [badge.id, badge.name]));
  }

  faceMatchScoreOf(badge: BadgeRow) {
    return badge.entryPhotoId && badge.idPhotoId ? this.photos.faceMatchScore(badge.entryPhotoId, badge.idPhotoId) : Promise.resolve(null);
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
  exportFilter(viewer: BadgeViewer | undefined, query: unknown): { actorId: string; filter: TBadgeFilter } {
    if (viewer?.scope === 'exhibitor') {
      const { exhibitorId } = requireExhibitorMember(viewer);
      return { actorId: viewer.id, filter: { ...parseInput(ZBadgeFilter, query), exhibitorId } };
    }
    const reviewer = requireBadgeReviewer(viewer);
    return { actorId: reviewer.id, filter: parseInput(ZBadgeFilter, query) };
  }

  /** The rows an export of `filter` will hold (its X-Total-Count header, for the download's progress). */
  count(filter: TBadgeFilter) {
    return repository.countBadges(this.db, filter);
  }

  /** The filtered list in batches, in the list's order (exports). */
  iterate(filter: TBadgeFilter) {
    return repository.iterateBadges(this.db, filter);
  }

  /**
   * /ticket: the approved badge's QR token for its ID number and phone number. An unknown number, a
   * wrong phone and a badge not (yet) approved all give the same answer, so nothing is learnt.
   */
  async ticket(rawInput: unknown, captcha: string | undefined, ip: string) {
    const badge = await this.approvedBadgeOf(await this.throttledLookUp(rawInput, captcha, ip));
    if (!badge) throw new AppError('BADGE_TICKET_NOT_FOUND');
    return { badge, token: this.tickets.badgeToken(badge.id) };
  }

  /**
   * /ticket photo replacement, step 1: a code by SMS to the approved badge's own mobile. The answer is
   * the same whether or not a badge matches (nothing is sent then); one ask a minute per ID number for
   * everyone, so the code service's per-mobile wait cannot tell a real badge apart either.
   */
  async sendPhotoCode(rawInput: unknown, captcha: string | undefined, origin: RequestOrigin, locale: Locale) {
    const input = await this.throttledLookUp(rawInput, captcha, origin.ip);
    const idKey = personalDataHash(input.idNumber);
    if (!(await this.store.setIfAbsent(`badge-photo-code:id:${idKey}`, '1', VERIFICATION_CODE_RESEND_SECONDS))) {
      throw new AppError('AUTH_CODE_TOO_SOON', { seconds: VERIFICATION_CODE_RESEND_SECONDS });
    }
    // The carriers' caps, counted per ID number for everyone, so they are reached alike with or without a badge.
    for (const [window, seconds, limit] of [['hour', 3600, VERIFICATION_CODE_HOURLY_LIMIT], ['day', 86_400, VERIFICATION_CODE_DAILY_LIMIT]] as const) {
      if ((await this.store.increment(`badge-photo-code:${window}:${idKey}`, seconds)) > limit) throw new AppError('AUTH_CODE_LIMIT_REACHED').retryAfter(seconds);
    }
    await this.codes.countRequestFrom(origin.ip);
    const badge = await this.approvedBadgeOf(input);
    if (badge) await this.codes.send({ identity: badgeMobile(badge), purpose: 'badge-photo', locale });
    return { resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  }

  /**
   * Step 2: the code, then the new entry-card photo (checked like any badge photo, owned by the account
   * that applied) replaces the old one and the badge goes back to PENDING, with its history and audit
   * rows, in one transaction; the old file is deleted after the commit. Any mismatch — no such approved
   * badge, a wrong, spent or expired code — is one answer.
   */
  async replacePhoto(rawInput: unknown, file: File, origin: RequestOrigin) {
    if ((await this.store.increment(`badge-ticket:ip:${origin.ip}`, TICKET_WINDOW_SECONDS)) > TICKET_IP_HOURLY_LIMIT) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: 60 });
    const input = parseInput(ZBadgePhotoReplaceInput, rawInput);
    // The picture first, whoever asks: a refused picture does not spend the code (and tells nothing of the badge).
    const stored = await this.photos.store(file, 'BADGE');
    try {
      const found = await this.approvedBadgeOf(input);
      if (!found) throw new AppError('TICKET_PHOTO_CODE_INVALID');
      await this.codes.consume(badgeMobile(found), 'badge-photo', input.code).catch((error: unknown) => {
        throw error instanceof AppError ? new AppError('TICKET_PHOTO_CODE_INVALID') : error;
      });
      const ownerId = found.createdById ?? (await this.accounts.findByExhibitor(found.exhibitorId))[0]?.id;
      const { photo, oldFiles } = await this.db.transaction(async (tx) => {
        const before = await repository.lockBadge(tx, found.id);
        if (!before || before.status !== 'APPROVED' || !ownerId) throw new AppError('TICKET_PHOTO_CODE_INVALID');
        const photo = await this.photos.record(tx, ownerId, 'BADGE', stored);
        const after = await repository.updateBadge(tx, before.id, { entryPhotoId: photo.id, status: 'PENDING', rejectReason: null, reviewedAt: null });
        if (after) await this.syncTicket(tx, after);
        await repository.insertStatusChange(tx, { badgeId: before.id, fromStatus: 'APPROVED', toStatus: 'PENDING', reason: null, actorId: null });
        await this.audit.record(origin, { actorId: null, action: 'badge.photo-replace', subjectType: 'badge', subjectId: before.id, detail: { from: 'APPROVED', to: 'PENDING' } }, tx);
        // The old picture goes unless another badge still shows it.
        const unused = before.entryPhotoId && !(await repository.badgeReferencingPhoto(tx, before.entryPhotoId)) ? before.entryPhotoId : null;
        return { photo, oldFiles: unused ? await this.photos.deleteById(tx, unused) : [] };
      });
      await this.photos.deleteFiles(oldFiles);
      return photo;
    } catch (error) {
      await this.photos.deleteFiles([stored.key]);
      throw error;
    }
  }

  /** Throttled per address and per ID number (an hour's window) and behind the captcha, before anything is looked up. */
  private async throttledLookUp(rawInput: unknown, captcha: string | undefined, ip: string) {
    if ((await this.store.increment(`badge-ticket:ip:${ip}`, TICKET_WINDOW_SECONDS)) > TICKET_IP_HOURLY_LIMIT) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: 60 });
    await this.captcha.verifyOnce(captcha);
    const input = parseInput(ZBadgeTicketInput, rawInput);
    if ((await this.store.increment(`badge-ticket:id:${personalDataHash(input.idNumber)}`, TICKET_WINDOW_SECONDS)) > TICKET_ID_HOURLY_LIMIT) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: 60 });
    return input;
  }

  /** The approved badge of this ID number when the phone (with or without its country code) is its own. */
  private async approvedBadgeOf({ idNumber, phoneNumber }: { idNumber: string; phoneNumber: string }) {
    const badge = await repository.findBadgeByIdNumberHash(this.db, personalDataHash(idNumber));
    const phoneMatches = badge ? badge.phoneNumber === phoneNumber || `${badge.countryCode}${badge.phoneNumber}` === phoneNumber : false;
    return badge && phoneMatches && badge.status === 'APPROVED' ? badge : undefined;
  }

  private async findById(rawId: unknown) {
    const id = ZBadgeId.safeParse(rawId);
    return id.success ? repository.findBadgeById(this.db, id.data) : undefined;
  }

  /** The photos must be badge photos uploaded by an account of the same company. */
  private async checkPhotos(exhibitorId: string, input: TBadgeInput) {
    const found = await this.photos.findByIds([input.entryPhotoId, input.idPhotoId]);
    const owners = await this.accounts.findByIds([...new Set(found.map((photo) => photo.ownerId))]);
    const ownedByCompany = (photoId: string, purpose: 'BADGE' | 'BADGE_ID') => {
      const photo = found.find((row) => row.id === photoId);
      return photo?.purpose === purpose && owners.some((owner) => owner.id === photo.ownerId && owner.exhibitorId === exhibitorId);
    };
    if (!ownedByCompany(input.entryPhotoId, 'BADGE')) throw new AppError('BADGE_ENTRY_PHOTO_REQUIRED');
    if (!ownedByCompany(input.idPhotoId, 'BADGE_ID')) throw new AppError('BADGE_ID_PHOTO_REQUIRED');
  }

  private columnsOf(input: TBadgeInput) {
    const now = new Date(this.clock.now());
    const { truthConfirmed: _truth, sensitiveConsent: _consent, idNumber, ...fields } = input;
    return { ...fields, ...idNumberColumns(idNumber), idNumber, truthConfirmedAt: now, sensitiveConsentAt: now };
  }

  /** The gate's ledger follows the badge, in the same transaction: a ticket from its first approval on. */
  private syncTicket(tx: Executor, badge: BadgeRow) {
    return this.tickets.syncHolder(tx, {
      kind: 'BADGE',
      subjectId: badge.id,
      holderName: badge.name,
      organization: badge.companyNameZh,
      days: [],
      approved: badge.status === 'APPROVED',
      entryPhotoId: badge.entryPhotoId,
      idPhotoId: badge.idPhotoId,
    });
  }

  /** Within the limit: the company row locked, the count and the insert in the caller's transaction. */
  private async requireRoom(tx: Executor, exhibitorId: string) {
    const company = await this.exhibitors.lockForUpdate(tx, exhibitorId);
    if (!company || company.status !== 'ACTIVE') throw new AppError('EXHIBITOR_NOT_ACTIVE');
    if ((await repository.countCountingBadges(tx, exhibitorId)) >= company.credentialLimit) throw new AppError('BADGE_LIMIT_REACHED');
  }

  private async create(tx: Executor, member: { viewer: BadgeViewer; exhibitorId: string }, input: TBadgeInput, origin: RequestOrigin) {
    await this.requireRoom(tx, member.exhibitorId);
    const badge = await repository.insertBadge(tx, { ...this.columnsOf(input), exhibitorId: member.exhibitorId, createdById: member.viewer.id, status: 'PENDING' });
    await repository.insertStatusChange(tx, { badgeId: badge.id, fromStatus: null, toStatus: 'PENDING', actorId: member.viewer.id });
    await this.audit.record(origin, { actorId: member.viewer.id, action: 'badge.create', subjectType: 'badge', subjectId: badge.id }, tx);
    return badge;
  }

  private async update(tx: Executor, member: { viewer: BadgeViewer; exhibitorId: string }, id: string, input: TBadgeInput, origin: RequestOrigin) {
    // A rejected badge does not count; resubmitting it must find room (same lock order as create: company, then badge).
    const company = await this.exhibitors.lockForUpdate(tx, member.exhibitorId);
    if (!company || company.status !== 'ACTIVE') throw new AppError('EXHIBITOR_NOT_ACTIVE');
    const before = await repository.lockBadge(tx, id);
    if (!before || before.exhibitorId !== member.exhibitorId) throw new AppError('NOT_FOUND');
    if (!isBadgeEditable(before.status)) throw new AppError('BADGE_NOT_EDITABLE');
    if (before.status === 'REJECTED' && (await repository.countCountingBadges(tx, member.exhibitorId)) >= company.credentialLimit) throw new AppError('BADGE_LIMIT_REACHED');
    const after = await repository.updateBadge(tx, id, { ...this.columnsOf(input), status: 'PENDING', rejectReason: null });
    if (!after) throw new AppError('NOT_FOUND');
    await this.syncTicket(tx, after);
    if (before.status !== 'PENDING') await repository.insertStatusChange(tx, { badgeId: id, fromStatus: before.status, toStatus: 'PENDING', actorId: member.viewer.id });
    await this.audit.record(origin, { actorId: member.viewer.id, action: 'badge.update', subjectType: 'badge', subjectId: id, detail: { from: before.status, to: 'PENDING' } }, tx);
    return after;
  }

  private async decide(reviewer: Viewer, ids: readonly string[], decision: BadgeDecision, reason: string | null, origin: RequestOrigin) {
    const toStatus = decision === 'approve' ? 'APPROVED' : 'REJECTED';
    // Who applied never changes: read before the transaction (one connection on PGlite is held by it).
    const applied = await repository.findBadgesByIds(this.db, [...new Set(ids)]);
    const creators = await this.accounts.findByIds([...new Set(applied.flatMap((badge) => (badge.createdById ? [badge.createdById] : [])))]);
    const decided = await this.db.transaction(async (tx) => {
      const locked = await repository.lockBadges(tx, [...new Set(ids)]);
      if (locked.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
      // Approve and reject decide pending badges only; an approval may still be withdrawn by rejecting it.
      if (locked.some((badge) => badge.status !== 'PENDING' && !(decision === 'reject' && badge.status === 'APPROVED'))) throw new AppError('BADGE_NOT_PENDING');
      const rows: BadgeRow[] = [];
      for (const before of locked) {
        const after = await repository.updateBadge(tx, before.id, { status: toStatus, rejectReason: reason, reviewedAt: new Date(this.clock.now()) });
        if (!after) throw new AppError('NOT_FOUND');
        await this.syncTicket(tx, after);
        await repository.insertStatusChange(tx, { badgeId: after.id, fromStatus: before.status, toStatus, reason, actorId: reviewer.id });
        await this.audit.record(origin, { actorId: reviewer.id, action: `badge.${decision}`, subjectType: 'badge', subjectId: after.id, detail: { from: before.status, to: toStatus, reason } }, tx);
        const creator = creators.find((account) => account.id === before.createdById);
        if (creator) {
          const messages = await this.messenger.badgeReviewed(tx, { email: creator.email, mobile: creator.mobile }, { outcome: decision === 'approve' ? 'approved' : 'rejected', name: after.name, reason }, 'zh-CN');
          await this.notices.enqueue(
            tx,
            messages.map((message) => ({ dedupeKey: `badge-decision:${after.id}:${after.updatedAt.getTime()}:${message.kind}`, message })),
          );
        }
        rows.push(after);
      }
      return rows;
    });
    void this.notices.kick();
    return decided;
  }

  /** The dashboard's figure: badges per state (from the maintained counts). */
  async countByStatus() {
    const { counts, changes } = await repository.countByStatusFromDeltas(this.db);
    if (changes > COUNT_CHANGES_TO_FOLD) await repository.compactBadgeCountDeltas(this.db);
    return counts;
  }
}

/** Where a badge's codes go: its own mobile, in E.164. */
function badgeMobile(badge: Pick<BadgeRow, 'countryCode' | 'phoneNumber'>) {
  return { kind: 'mobile' as const, value: `${badge.countryCode}${badge.phoneNumber}` };
}

/**
 * A clash on one of the unique indexes, as the field's own error: the index decides inside the insert or
 * update, so two exhibitors saving the same person at once cannot both succeed.
 */
function takenFieldError(error: unknown): unknown {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === BADGE_ID_NUMBER_UNIQUE) return new AppError('BADGE_ID_NUMBER_TAKEN');
  if (constraint === BADGE_PHONE_UNIQUE) return new AppError('BADGE_PHONE_TAKEN');
  return error;
}
