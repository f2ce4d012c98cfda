import * as stats from './application-stats.repository';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/database-errors';
import { pageWithTotal } from '../../lib/keyset';
import { parseInput } from '../../lib/validation';
import { idNumberColumns } from '../../lib/personal-data-cipher';
import type { Viewer } from '../../lib/viewer';
import { applicationRulesSchema, type TApplicationFields, type TSelectVisitDatesInput } from '@portal/shared/application/application.schema';
import { submitRefusal, type ApproveStatus } from '@portal/shared/application/application-status';
import { WIRE_STATUSES } from '@portal/shared/submission/submission.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { regionOfId } from '@portal/shared/entrance-room/entrance-room';
import { filterOf, DEFAULT_PAGE_SIZE, DEFAULT_SORT, type AudienceListSort, type TAudienceListInput } from '@portal/shared/review/audience-list';
import type { ActivationCodeService } from '../activation-code/activation-code.service';
import { PhotoService } from '../media/photo.service';
import type { ShowDayModel } from '../show/show.models';
import type { ShowService } from '../show/show.service';
import type { TicketService } from '../ticket/ticket.service';
import * as repository from './application.repository';
import type { WaitlistService } from './waitlist.service';
import {
  compactCountDeltas,
  countAudiences,
  countByGrams,
  countedPage,
  countFromDeltas,
  countKeyOf,
  gramSearchOf,
  isGramSort,
  iterateAudiences,
  listAudiences,
  listByGrams,
  lockNextMatchingIds,
  nextMatchingRows,
  type ListConditions,
} from './application-list.repository';
import type { ApplicationRow, AudienceModel, ReviewDecision } from './application.models';

/**
 * DESIGN §6: the states an organizer's decision moves an application from, and to — the review workflow's
 * rule of a kind that withdraws approvals, in the SPEC's spelling (docs/decisions/0308-one-review-workflow.md).
 */
const WIRE = WIRE_STATUSES.application;
const DECISIONS: Record<ReviewDecision, { from: readonly ApproveStatus[]; to: ApproveStatus }> = {
  approve: { from: [WIRE.PENDING], to: WIRE.APPROVED },
  refuse: { from: [WIRE.PENDING, WIRE.APPROVED], to: WIRE.REJECTED },
};

/**
 * The visitor application: submit and edit (→ WAIT), the organizer's decisions, visit days.
 * Every rule that must hold under concurrency runs in one transaction that locks what it decides on:
 * the application row, the activation code row and the show-day rows (capacity).
 */
/** How many summed count changes make a list read fold them (see audienceCountDeltas). */
const COUNT_CHANGES_TO_FOLD = 200;

export class ApplicationService {
  /** What may decide an application in the transaction that submits it (the review module's auto-approval rules). */
  private submitDecider: SubmitDecider | undefined;
  /** The agent groups' membership (the visitor-group module); without it nobody applies in a group. */
  private groupMembership: GroupMembership | undefined;

  constructor(
    private readonly db: Database,
    private readonly show: ShowService,
    private readonly activationCodes: ActivationCodeService,
    private readonly photos: PhotoService,
    private readonly tickets: Pick<TicketService, 'syncHolder'>,
    /** Seats this service frees go to a day's waitlist in the same transaction (docs/decisions/0208-waitlist-for-full-days.md). */
    private readonly waitlist: Pick<WaitlistService, 'lockDaysOf' | 'release' | 'held' | 'promote'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Set once, by the review module: its rules decide at submit time; without it every application waits for a person. */
  decideOnSubmitWith(decider: SubmitDecider) {
    this.submitDecider = decider;
  }

  /** Set once, by the visitor-group module: a member's submit binds their group's code and carries the group. */
  applyInGroupsWith(membership: GroupMembership) {
    this.groupMembership = membership;
  }

  /** The applications made in a group (its members' states; the organizer's "approve all complete"). */
  ofGroup(groupId: string, tx: Executor = this.db) {
    return repository.applicationsOfGroup(tx, groupId);
  }

  /** The accounts of applications (inside the caller's transaction: an erasure's). */
  async accountIdsOf(ids: readonly string[], tx: Executor = this.db) {
    return (await repository.accountIdsOf(tx, ids)).map((row) => row.accountId);
  }

  /** The applications of each group per state. */
  statusCountsOfGroups(groupIds: readonly string[]) {
    return repository.statusCountsOfGroups(this.db, groupIds);
  }

  findByAccount(accountId: string) {
    return repository.findAudienceByAccount(this.db, accountId);
  }

  findById(id: string) {
    return repository.findAudienceById(this.db, id);
  }

  visitDatesOf(audienceId: string) {
    return repository.visitDatesOf(this.db, audienceId);
  }

  visitDatesOfMany(audienceIds: readonly string[], tx: Executor = this.db) {
    return repository.visitDatesOfMany(tx, audienceIds);
  }

  statusHistoryOf(audienceId: string) {
    return repository.statusHistoryOf(this.db, audienceId);
  }

  activationCodeOf(application: ApplicationRow) {
    return application.activationCodeId ? this.activationCodes.valueOf(application.activationCodeId) : Promise.resolve(null);
  }

  /** How many pending or approved applications hold a seat on each day. */
  holdersByDay(days: readonly string[], tx: Executor = this.db) {
    return repository.countHoldersByDay(tx, days, undefined);
  }

  /** The activation codes held by applications whose name contains the text (at most `limit`). */
  codeIdsOfApplicantsNamed(text: string, limit: number) {
    return repository.codeIdsOfApplicantsNamed(this.db, text, limit);
  }

  /** The applicant's name for each bound code id. */
  async applicantNamesByCodeIds(codeIds: readonly string[]) {
    return new Map((await repository.applicantNamesByCodeIds(this.db, codeIds)).map((row) => [row.codeId, row.name]));
  }

  /** The applicant's name of each application id (the audit log names its subjects); erased ones have none. */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await repository.applicantNamesByIds(this.db, ids)).flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
  }

  /** Whether an application references the photo (its reviewers may then open it). */
  referencesPhoto(photoId: string) {
    return repository.isApplicationPhoto(this.db, photoId);
  }

  /** How alike the faces on the entry-card and the ID photo are, 0..1 (null when either is missing). */
  faceMatchScoreOf(application: ApplicationRow): Promise<number | null> {
    // The counter check (decision 0209): no face comparison runs for it.
    if (application.counterCheck || !application.entryPhotoId || !application.idPhotoId) return Promise.resolve(null);
    return this.photos.faceMatchScore(application.entryPhotoId, application.idPhotoId);
  }

  /** A page of the organizer's list (the input is parsed by the caller with the shared schema). */
  async list(input: TAudienceListInput) {
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
    const conditions = listConditions(input.filter);
    const sort = input.sort ?? DEFAULT_SORT;
    // The channels (a handful of rows) are read whole, beside the page rather than after it.
    const [{ total, nodes: rows }, channels] = await Promise.all([this.pageAndTotal(conditions, sort, page, pageSize), this.show.allChannels()]);
    const channelById = new Map(channels.map((channel) => [channel.id, channel]));
    const nodes: AudienceModel[] = rows.map(({ visitDates, ...row }) => ({ ...row, alongside: { visitDates, channel: (row.channelId && channelById.get(row.channelId)) || null } }));
    return { nodes, total, page, pageSize };
  }

  /**
   * How a page of the filter is found (lib/keyset.ts `pageWithTotal` decides the order): a keyword of one or
   * two characters is looked up in the name grams — an exact count from their btree and, in an order they
   * hold, the page with its count in one statement (docs/decisions/0305-approval-list-keyword.md); states and
   * a visit day are counted from the maintained counts; any other filter counts its matches in the page's
   * own statement.
   */
  private pageAndTotal(conditions: ListConditions, sort: AudienceListSort, page: number, pageSize: number) {
    const grams = gramSearchOf(conditions);
    const count = () => this.countOf(conditions);
    if (grams) {
      return pageWithTotal(page, pageSize, {
        count,
        countIsKept: true,
        ...(isGramSort(sort)
          ? {
              readPage: async (total?: number) => (await listByGrams(this.db, grams, sort, page, pageSize, total)).rows,
              countedPage: async () => {
                const { total, rows } = await listByGrams(this.db, grams, sort, page, pageSize);
                return { nodes: rows, total };
              },
            }
          : { readPage: (total?: number) => listAudiences(this.db, conditions, sort, page, pageSize, total) }),
      });
    }
    const countKey = countKeyOf(conditions);
    return pageWithTotal(page, pageSize, {
      count,
      countIsKept: countKey !== null,
      readPage: (total) => listAudiences(this.db, conditions, sort, page, pageSize, total),
      countedPage: countKey
        ? undefined
        : async () => {
            const { total, rows } = await countedPage(this.db, conditions, sort, page, pageSize);
            return { nodes: rows, total };
          },
    });
  }

  /** The list's exact total of a filter, counted as the list's page counts it (a review job checks the count the organizer confirmed). */
  count(filter: TAudienceListInput['filter']) {
    return this.countOf(listConditions(filter));
  }

  private countOf(conditions: ListConditions) {
    const grams = gramSearchOf(conditions);
    if (grams) return countByGrams(this.db, grams);
    const countKey = countKeyOf(conditions);
    return countKey ? this.countFromKey(countKey) : countAudiences(this.db, conditions);
  }

  /**
   * In the caller's transaction, the next applications of the filter after `afterId` (id order) submitted before
   * `submittedBefore`, locked for a decision; a row that left the filter while its lock was awaited is passed over.
   */
  lockNextMatching(tx: Executor, filter: TAudienceListInput['filter'], options: NextMatchingOptions) {
    return lockNextMatchingIds(tx, jobConditions(filter, options), options.afterId, options.limit);
  }

  /** The same applications read without locks (what a batch needs computed before its transaction, e.g. face scores). */
  nextMatching(filter: TAudienceListInput['filter'], options: NextMatchingOptions): Promise<ApplicationRow[]> {
    return nextMatchingRows(this.db, jobConditions(filter, options), options.afterId, options.limit);
  }

  /** The exact total from the maintained counts (states and a visit day). */
  private async countFromKey(countKey: NonNullable<ReturnType<typeof countKeyOf>>) {
    const { total, changes } = await countFromDeltas(this.db, countKey);
    // The reader that finds many changes folds them (a few milliseconds), so that a sum stays short.
    if (changes > COUNT_CHANGES_TO_FOLD) await compactCountDeltas(this.db);
    return total;
  }

  /** Every application of the filter, in list order and in batches (exports). */
  iterate(input: Pick<TAudienceListInput, 'filter' | 'sort'>) {
    return iterateAudiences(this.db, listConditions(input.filter), input.sort ?? DEFAULT_SORT);
  }

  /** Submits (or edits and resubmits) the viewer's application; it then waits for review. */
  async submit(viewer: Viewer, fields: TApplicationFields): Promise<ApplicationRow> {
    if (viewer.scope !== 'audience') throw new AppError('FORBIDDEN');
    const now = new Date(this.clock.now());
    const firstShowDay = await this.show.firstShowDay();
    // The ID and age rules need today and the first show day, which the edge does not know.
    const input = parseInput(applicationRulesSchema({ today: shanghaiDate(now), firstShowDay }), fields);
    if (!firstShowDay) throw new AppError('VISIT_DATE_INVALID');
    const visitDays = [...new Set(input.visitDates)].sort();
    // The face-match score takes time: computed before the transaction, and only when a rule asks for it.
    const wantsScore = !input.counterCheck && this.submitDecider !== undefined && (await this.submitDecider.wantsFaceScore());
    const faceMatchScore = wantsScore ? await this.photos.faceMatchScore(input.entryPhotoId, input.idPhotoId) : null;
    try {
      return await this.db.transaction(async (tx) => {
        const setting = await this.show.setting(tx);
        const existing = await repository.lockAudienceByAccount(tx, viewer.id);
        const refusal = submitRefusal({ status: existing?.approveStatus, audienceRegOpen: setting.audienceRegOpen, updateDeadline: setting.audienceUpdateDeadline, now });
        if (refusal) throw new AppError(refusal);

        await this.checkPhotos(tx, viewer.id, input);
        if (input.channelId && !(await this.show.findChannel(input.channelId, tx))) throw new AppError('CHANNEL_INVALID');

        const application = existing ?? (await repository.insertAudience(tx, { accountId: viewer.id }));
        const keptDays = existing ? await admittedDays(tx, existing.id) : [];
        const before = existing ? (await repository.visitDatesOf(tx, existing.id)).map((row) => row.day) : [];
        const locked = await this.show.lockDays(tx, [...new Set([...visitDays, ...before])].sort());
        await this.holdDays(tx, application.id, visitDays, keptDays, now, locked);
        // A group member's code is the one their group holds for them, whatever the form sent.
        const membership = (await this.groupMembership?.onSubmit(tx, viewer.id, input)) ?? null;
        const activationCodeId = await this.activationCodes.bind(tx, membership?.activationCode ?? input.activationCode, application.activationCodeId);

        const updated = await repository.updateAudience(tx, application.id, {
          approveStatus: 'WAIT',
          name: input.name,
          mobile: input.mobile,
          email: input.email,
          idType: input.idType,
          ...idNumberColumns(input.idNumber),
          birthDate: input.birthDate,
          entryPhotoId: input.entryPhotoId,
          idPhotoId: input.idPhotoId,
          activationCodeId,
          channelId: input.channelId ?? null,
          refuseReason: null,
          truthConfirmedAt: now,
          sensitiveConsentAt: now,
          counterCheck: input.counterCheck === true,
          groupId: membership?.groupId ?? null,
          submittedAt: now,
        });
        await repository.replaceVisitDates(tx, application.id, visitDays);
        await this.waitlist.held(tx, application.id, visitDays);
        await this.waitlist.promote(tx, locked.filter((row) => !visitDays.includes(row.day)), now);
        await this.syncTickets(tx, [updated]);
        await repository.insertStatusHistory(tx, {
          audienceId: application.id,
          fromStatus: existing?.approveStatus ?? 'CREATED',
          toStatus: 'WAIT',
          actorId: viewer.id,
          at: now,
        });
        return (await this.submitDecider?.decideOnSubmit(tx, updated, faceMatchScore)) ?? updated;
      });
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  /**
   * An organizer's decision on applications, inside the caller's transaction (the review module writes
   * its audit rows and notices in the same one). The rows are locked in id order; one application in a
   * state the decision does not apply to refuses the whole batch.
   */
  async decide(tx: Executor, actorId: string | null, ids: readonly string[], decision: ReviewDecision, reason: string | null, autoRuleName: string | null = null): Promise<Array<{ decisionId: number; before: ApprovalSnapshot; after: ApplicationRow }>> {
    const now = new Date(this.clock.now());
    const unique = [...new Set(ids)];
    const rows = await repository.lockAudiencesByIds(tx, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
    const { from, to } = DECISIONS[decision];
    if (rows.some((row) => !from.includes(row.approveStatus))) throw new AppError('AUDIENCE_ILLEGAL_TRANSITION');
    // A refusal lets the days go: they are locked (after the rows, as every change does) for the waitlist.
    const days = to === WIRE.REJECTED ? await this.waitlist.lockDaysOf(tx, unique) : [];
    const decided = [];
    for (const row of rows) {
      const after = await repository.updateAudience(tx, row.id, { approveStatus: to, refuseReason: reason, reviewedAt: now });
      const decisionId = await repository.insertStatusHistory(tx, { audienceId: row.id, fromStatus: row.approveStatus, toStatus: to, reason, actorId, autoRuleName, at: now });
      decided.push({ decisionId, before: { id: row.id, approveStatus: row.approveStatus }, after });
    }
    if (to === WIRE.REJECTED) await this.waitlist.release(tx, unique, days);
    await this.syncTickets(tx, decided.map((row) => row.after));
    return decided;
  }

  /** The approved visitor changes the visit days (SPEC 8 visit-date messages). */
  async selectVisitDates(viewer: Viewer, input: TSelectVisitDatesInput) {
    const now = new Date(this.clock.now());
    const days = [...new Set(input.days)].sort();
    return this.db.transaction(async (tx) => {
      const application = await repository.lockAudienceByAccount(tx, viewer.id);
      if (!application || application.approveStatus !== 'DONE') throw new AppError('FORBIDDEN');
      const current = await repository.visitDatesOf(tx, application.id);
      const admitted = current.filter((row) => row.admittedAt).map((row) => row.day);
      if (admitted.some((day) => !days.includes(day))) throw new AppError('VISIT_DATE_REDEEMED');
      const touched = [...new Set([...days, ...current.map((row) => row.day)])];
      const locked = await this.show.lockDays(tx, touched);
      const changed = input.seenDeadlines.some((seen) => {
        const actual = locked.find((row) => row.day === seen.day);
        return actual !== undefined && actual.deadline.getTime() !== seen.deadline.getTime();
      });
      if (changed) throw new AppError('VISIT_DATE_DEADLINE_CHANGED');
      // A day whose deadline passed can be neither added nor dropped.
      const currentDays = current.map((row) => row.day);
      const dropped = currentDays.filter((day) => !days.includes(day));
      if (dropped.some((day) => isPastDeadline(locked, day, now))) throw new AppError('VISIT_DATE_DEADLINE_SELECTED');
      await this.holdDays(tx, application.id, days.filter((day) => !currentDays.includes(day)), admitted, now, locked);
      await repository.replaceVisitDates(tx, application.id, days);
      await this.waitlist.held(tx, application.id, days);
      await this.waitlist.promote(tx, locked.filter((row) => dropped.includes(row.day)), now);
      await this.syncTickets(tx, [application]);
      return repository.visitDatesOf(tx, application.id);
    });
  }

  /** The ticket module's admission hook: the day's first entry at the gate, in the scan's transaction. */
  markDayAdmitted(tx: Executor, audienceId: string, day: string, at: Date) {
    return repository.markVisitDateAdmitted(tx, audienceId, day, at);
  }

  /** The gate's ledger follows every change of an application, in the same transaction (one read of the days). */
  async syncTickets(tx: Executor, applications: readonly ApplicationRow[]) {
    const days = await repository.visitDatesOfMany(tx, applications.map((row) => row.id));
    for (const application of applications) {
      await this.tickets.syncHolder(tx, {
        kind: 'VISITOR',
        subjectId: application.id,
        holderName: application.name ?? '',
        organization: null,
        days: days.filter((row) => row.audienceId === application.id).map((row) => row.day),
        approved: application.approveStatus === 'DONE',
        entryPhotoId: application.entryPhotoId,
        idPhotoId: application.idPhotoId,
        region: regionOfId(application.idType, application.idNumber),
        counterCheck: application.counterCheck,
      });
    }
  }

  /**
   * The viewer's own entry-card and ID photos. The counter check (decision 0209) drops any face data kept for
   * them; face recognition needs photos uploaded face-checked.
   */
  private async checkPhotos(tx: Executor, ownerId: string, input: Pick<TApplicationFields, 'entryPhotoId' | 'idPhotoId' | 'counterCheck'>) {
    const rows = await this.photos.findByIds([input.entryPhotoId, input.idPhotoId], tx);
    const entry = rows.find((row) => row.id === input.entryPhotoId);
    const id = rows.find((row) => row.id === input.idPhotoId);
    if (!entry || entry.ownerId !== ownerId || entry.purpose !== 'ENTRY_CARD') throw new AppError('AUDIENCE_ENTRY_PHOTO_REQUIRED');
    if (!id || id.ownerId !== ownerId || id.purpose !== 'ID_CARD') throw new AppError('AUDIENCE_ID_PHOTO_REQUIRED');
    if (input.counterCheck) await this.photos.forgetFaces(tx, [entry.id, id.id]);
    else if (!PhotoService.faceChecked(entry) || !PhotoService.faceChecked(id)) throw new AppError('PHOTO_FACE_CHECK_NEEDED');
  }

  /**
   * Checks that every newly held day is a show day before its deadline with a free seat. The day rows
   * stay locked until the transaction ends, so two visitors cannot take the last seat together.
   */
  private async holdDays(tx: Executor, audienceId: string, days: readonly string[], alreadyHeld: readonly string[], now: Date, locked?: ShowDayModel[]) {
    const newDays = days.filter((day) => !alreadyHeld.includes(day));
    const rows = locked ?? (await this.show.lockDays(tx, newDays));
    for (const day of newDays) {
      const showDay = rows.find((row) => row.day === day);
      if (!showDay) throw new AppError('VISIT_DATE_INVALID');
      if (now > showDay.deadline) throw new AppError('VISIT_DATE_DEADLINE_PASSED');
    }
    const holders = await repository.countHoldersByDay(tx, newDays, audienceId);
    for (const day of newDays) {
      const showDay = rows.find((row) => row.day === day);
      if (showDay && (holders.get(day) ?? 0) >= showDay.capacity) throw new AppError('VISIT_DATE_FULL');
    }
  }

  /** The dashboard's figures: applications per state (and those verified at the counter), transitions per day since `from`, seats per show day. */
  async statistics(from: Date) {
    const [statuses, counterCheck, transitions, bookings] = await Promise.all([
      stats.countByStatus(this.db),
      stats.countCounterCheckByStatus(this.db),
      stats.transitionsByDay(this.db, from),
      stats.bookingsByDay(this.db),
    ]);
    return { statuses, counterCheck, transitions, bookings };
  }
}

/** Decides a submitted application at once where the organizers' rules say so (the review module's auto-approval). */
export interface SubmitDecider {
  wantsFaceScore(): Promise<boolean>;
  /** In the submit's transaction: the approved row, or undefined when the application waits for a person. */
  decideOnSubmit(tx: Executor, submitted: ApplicationRow, faceMatchScore: number | null): Promise<ApplicationRow | undefined>;
}

/** A visitor's membership of an agent's group, read in the transaction that submits their application. */
export interface GroupMembership {
  /**
   * The group and the code it holds for the account, when the account joined a group (null otherwise); refuses
   * an ID that is not the one the member confirmed, so that nobody applies in a group as someone else.
   */
  onSubmit(tx: Executor, accountId: string, input: Pick<TApplicationFields, 'idType' | 'idNumber'>): Promise<{ groupId: string; activationCode: string } | null>;
}

/** What an application was before a decision (the audit row's "before"). */
export interface ApprovalSnapshot {
  id: string;
  approveStatus: ApproveStatus;
}

async function admittedDays(tx: Executor, audienceId: string) {
  return (await repository.visitDatesOf(tx, audienceId)).filter((row) => row.admittedAt).map((row) => row.day);
}

function isPastDeadline(days: readonly ShowDayModel[], day: string, now: Date) {
  const showDay = days.find((row) => row.day === day);
  return showDay ? now > showDay.deadline : false;
}

function translateUniqueViolation(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const text = String((error as { cause?: { constraint?: string; message?: string } }).cause?.constraint ?? (error as Error).message);
  if (text.includes('id_number')) return new AppError('AUDIENCE_ID_NUMBER_TAKEN');
  if (text.includes('mobile')) return new AppError('AUDIENCE_MOBILE_TAKEN');
  if (text.includes('activation_code')) return new AppError('ACTIVATION_CODE_INVALID');
  return error;
}

export interface NextMatchingOptions {
  afterId: string | null;
  /** Only applications submitted before this instant (a job's start). */
  submittedBefore: Date;
  limit: number;
}

function jobConditions(filter: TAudienceListInput['filter'], options: NextMatchingOptions): ListConditions {
  const conditions = listConditions(filter);
  const submittedBefore = conditions.submittedBefore && conditions.submittedBefore < options.submittedBefore ? conditions.submittedBefore : options.submittedBefore;
  return { ...conditions, submittedBefore };
}

/** Shanghai calendar days → the instants that bound them (inclusive from, exclusive before). */
function listConditions(input: TAudienceListInput['filter']): ListConditions {
  const filter = filterOf(input);
  const dayStart = (day: string | null, plusDays = 0) => (day ? new Date(new Date(`${day}T00:00:00+08:00`).getTime() + plusDays * 86_400_000) : null);
  return {
    statuses: filter.statuses,
    submittedFrom: dayStart(filter.submittedFrom),
    submittedBefore: dayStart(filter.submittedTo, 1),
    visitDate: filter.visitDate,
    channelId: filter.channelId,
    groupId: filter.groupId,
    keyword: filter.keyword,
    counterCheck: filter.counterCheck,
  };
}
