import type { Database, Executor } from '../../db/client';
import type { AccountModel } from '../../graphql/models';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/database-errors';
import { parseInput } from '../../lib/validation';
import { submitApplicationSchema, ZSelectVisitDatesInput } from '@portal/shared/application/application.schema';
import { ZApproveApplicationsInput, ZRefuseApplicationsInput } from '@portal/shared/review/review.schema';
import { parseCalendarDate, shanghaiDate } from '@portal/shared/dates';
import * as projects from '../project/project.repository';
import * as repository from './audience.repository';
import type { ApproveStatus, AudienceRow } from './audience.repository';
import { iterateAudiences, listAudiences, type AudienceListFilter, type AudienceListSort } from './audience-list.repository';
import { euclideanDistance } from '../face/face.service';
import { faceMatchScore } from '@portal/shared/media/photo-rules';

/** DESIGN §6: the only transitions an application makes. */
const TRANSITIONS: Record<'submit' | 'approve' | 'refuse', readonly ApproveStatus[]> = {
  submit: ['CREATED', 'WAIT', 'REFUSE'],
  approve: ['WAIT'],
  refuse: ['WAIT', 'DONE'],
};

type ShowDay = Awaited<ReturnType<typeof projects.listShowDays>>[number];

/**
 * The visitor application: submit and edit (→ WAIT), organizer approval and refusal, visit days.
 * Every rule that must hold under concurrency runs in one transaction that locks what it decides on:
 * the application row, the activation code row and the show-day rows (capacity).
 */
export class AudienceService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  findByAccount(accountId: string) {
    return repository.findAudienceByAccount(this.db, accountId);
  }

  visitDatesOf(audienceId: string) {
    return repository.visitDatesOf(this.db, audienceId);
  }

  statusHistoryOf(audienceId: string) {
    return repository.statusHistoryOf(this.db, audienceId);
  }

  findById(id: string) {
    return repository.findAudienceById(this.db, id);
  }

  admissionsOf(audienceId: string) {
    return repository.admissionsOf(this.db, audienceId);
  }

  activationCodeOf(audience: AudienceRow) {
    return audience.activationCodeId ? repository.activationCodeValue(this.db, audience.activationCodeId) : Promise.resolve(null);
  }

  async list(input: AudienceListInput) {
    const { page, pageSize } = normalisePaging(input);
    const { rows, total } = await listAudiences(this.db, toListFilter(input.filter), input.sort ?? 'SUBMITTED_DESC', page, pageSize);
    return { nodes: rows, total, page, pageSize };
  }

  /** Every application of the filter, in batches (exports). */
  iterate(input: AudienceListInput) {
    return iterateAudiences(this.db, toListFilter(input.filter), input.sort ?? 'SUBMITTED_DESC');
  }

  /** How alike the faces on the entry-card and the ID photo are, 0..1 (null when either is missing). */
  async faceMatchScoreOf(audience: AudienceRow): Promise<number | null> {
    if (!audience.entryPhotoId || !audience.idPhotoId) return null;
    const found = await repository.findPhotos(this.db, [audience.entryPhotoId, audience.idPhotoId]);
    const [a, b] = [found.find((row) => row.id === audience.entryPhotoId), found.find((row) => row.id === audience.idPhotoId)];
    if (!a?.faceDescriptor || !b?.faceDescriptor) return null;
    return faceMatchScore(euclideanDistance(a.faceDescriptor, b.faceDescriptor));
  }

  /** Submits (or edits and resubmits) the viewer's application; it then waits for review. */
  async submitApplication(account: AccountModel, rawInput: unknown): Promise<AudienceRow> {
    if (account.scope !== 'audience') throw new AppError('FORBIDDEN');
    const now = new Date(this.clock.now());
    const firstShowDay = (await projects.listShowDays(this.db))[0]?.day;
    const input = parseInput(submitApplicationSchema({ today: shanghaiDate(now), firstShowDay }), rawInput);
    if (!firstShowDay) throw new AppError('VISIT_DATE_INVALID');
    const visitDays = [...new Set(input.visitDates)].sort();
    try {
      return await this.db.transaction(async (tx) => {
        const setting = await projects.getProjectSetting(tx);
        const existing = await repository.lockAudienceByAccount(tx, account.id);
        if (!existing && !setting.audienceRegOpen) throw new AppError('AUDIENCE_REG_CLOSED');
        if (existing) {
          if (!TRANSITIONS.submit.includes(existing.approveStatus)) throw new AppError('AUDIENCE_NOT_EDITABLE');
          if (setting.audienceUpdateDeadline && now > setting.audienceUpdateDeadline) throw new AppError('AUDIENCE_NOT_EDITABLE');
        }

        await this.checkPhotos(tx, account.id, input.entryPhotoId, input.idPhotoId);
        if (input.channelId && !(await projects.findChannel(tx, input.channelId))) throw new AppError('CHANNEL_INVALID');

        const audience = existing ?? (await repository.insertAudience(tx, { accountId: account.id }));
        const keptDays = existing ? await this.admittedDays(tx, existing.id) : [];
        await this.holdDays(tx, audience.id, visitDays, keptDays, now);
        const activationCodeId = await this.bindActivationCode(tx, audience, input.activationCode);

        const updated = await repository.updateAudience(tx, audience.id, {
          approveStatus: 'WAIT',
          name: input.name,
          mobile: input.mobile,
          email: input.email,
          idType: input.idType,
          idNumber: input.idNumber,
          birthDate: input.birthDate,
          entryPhotoId: input.entryPhotoId,
          idPhotoId: input.idPhotoId,
          activationCodeId,
          channelId: input.channelId ?? null,
          refuseReason: null,
          truthConfirmedAt: now,
          sensitiveConsentAt: now,
          submittedAt: now,
        });
        await repository.replaceVisitDates(tx, audience.id, visitDays);
        await repository.insertStatusHistory(tx, {
          audienceId: audience.id,
          fromStatus: existing?.approveStatus ?? 'CREATED',
          toStatus: 'WAIT',
          actorId: account.id,
          at: now,
        });
        return updated;
      });
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  /** Approves pending applications (bulk): WAIT → DONE. Any other state refuses the whole batch. */
  async approve(actorId: string, rawInput: unknown): Promise<AudienceRow[]> {
    const { ids } = parseInput(ZApproveApplicationsInput, rawInput);
    return this.transition(actorId, ids, 'approve', 'DONE', null);
  }

  /** Refuses with a reason (bulk): WAIT → REFUSE, or revokes an approval DONE → REFUSE. */
  async refuse(actorId: string, rawInput: unknown): Promise<AudienceRow[]> {
    const { ids, reason } = parseInput(ZRefuseApplicationsInput, rawInput);
    return this.transition(actorId, ids, 'refuse', 'REFUSE', reason);
  }

  /** The approved visitor changes the visit days (SPEC 8 visit-date messages). */
  async selectVisitDates(account: AccountModel, rawInput: unknown) {
    const input = parseInput(ZSelectVisitDatesInput, rawInput);
    const now = new Date(this.clock.now());
    const days = [...new Set(input.days)].sort();
    return this.db.transaction(async (tx) => {
      const audience = await repository.lockAudienceByAccount(tx, account.id);
      if (!audience || audience.approveStatus !== 'DONE') throw new AppError('FORBIDDEN');
      const current = await repository.visitDatesOf(tx, audience.id);
      const admitted = current.filter((row) => row.admittedAt).map((row) => row.day);
      if (admitted.some((day) => !days.includes(day))) throw new AppError('VISIT_DATE_REDEEMED');
      const touched = [...new Set([...days, ...current.map((row) => row.day)])];
      const locked = await projects.lockShowDays(tx, touched);
      const changed = input.seenDeadlines.some((seen) => {
        const actual = locked.find((row) => row.day === seen.day);
        return actual !== undefined && actual.deadline.getTime() !== seen.deadline.getTime();
      });
      if (changed) throw new AppError('VISIT_DATE_DEADLINE_CHANGED');
      // A day whose deadline passed can be neither added nor dropped.
      const currentDays = current.map((row) => row.day);
      const dropped = currentDays.filter((day) => !days.includes(day));
      if (dropped.some((day) => isPastDeadline(locked, day, now))) throw new AppError('VISIT_DATE_DEADLINE_SELECTED');
      await this.holdDays(tx, audience.id, days.filter((day) => !currentDays.includes(day)), admitted, now, locked);
      await repository.replaceVisitDates(tx, audience.id, days);
      return repository.visitDatesOf(tx, audience.id);
    });
  }

  private async transition(actorId: string, ids: readonly string[], action: 'approve' | 'refuse', to: ApproveStatus, reason: string | null) {
    const now = new Date(this.clock.now());
    return this.db.transaction(async (tx) => {
      const rows = await repository.lockAudiencesByIds(tx, [...new Set(ids)]);
      if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
      if (rows.some((row) => !TRANSITIONS[action].includes(row.approveStatus))) throw new AppError('AUDIENCE_ILLEGAL_TRANSITION');
      const updated: AudienceRow[] = [];
      for (const row of rows) {
        updated.push(await repository.updateAudience(tx, row.id, { approveStatus: to, refuseReason: reason, reviewedAt: now }));
        await repository.insertStatusHistory(tx, { audienceId: row.id, fromStatus: row.approveStatus, toStatus: to, reason, actorId, at: now });
      }
      return updated;
    });
  }

  private async checkPhotos(tx: Executor, ownerId: string, entryPhotoId: string, idPhotoId: string) {
    const rows = await repository.findPhotos(tx, [entryPhotoId, idPhotoId]);
    const entry = rows.find((row) => row.id === entryPhotoId);
    const id = rows.find((row) => row.id === idPhotoId);
    if (!entry || entry.ownerId !== ownerId || entry.purpose !== 'ENTRY_CARD') throw new AppError('AUDIENCE_ENTRY_PHOTO_REQUIRED');
    if (!id || id.ownerId !== ownerId || id.purpose !== 'ID_CARD') throw new AppError('AUDIENCE_ID_PHOTO_REQUIRED');
  }

  private async admittedDays(tx: Executor, audienceId: string) {
    return (await repository.visitDatesOf(tx, audienceId)).filter((row) => row.admittedAt).map((row) => row.day);
  }

  /**
   * Checks that every newly held day is a show day before its deadline with a free seat. The day rows
   * stay locked until the transaction ends, so two visitors cannot take the last seat together.
   */
  private async holdDays(tx: Executor, audienceId: string, days: readonly string[], alreadyHeld: readonly string[], now: Date, locked?: ShowDay[]) {
    const newDays = days.filter((day) => !alreadyHeld.includes(day));
    const rows = locked ?? (await projects.lockShowDays(tx, newDays));
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

  /** Binds the code to the application; a code changed after a refusal releases the old one. */
  private async bindActivationCode(tx: Executor, audience: AudienceRow, codeValue: string) {
    const [code] = await projects.lockActivationCode(tx, codeValue);
    const ownsIt = code && code.id === audience.activationCodeId;
    if (!code || code.status === 'VOID' || (code.status === 'BOUND' && !ownsIt)) throw new AppError('ACTIVATION_CODE_INVALID');
    if (audience.activationCodeId && !ownsIt) await projects.setActivationCodeStatus(tx, audience.activationCodeId, 'UNUSED');
    if (!ownsIt) await projects.setActivationCodeStatus(tx, code.id, 'BOUND');
    return code.id;
  }
}

function isPastDeadline(days: readonly ShowDay[], day: string, now: Date) {
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

/** Organizer list input, as the GraphQL filter gives it. */
export interface AudienceListInput {
  filter?: {
    statuses?: readonly ApproveStatus[] | null;
    submittedFrom?: string | null;
    submittedTo?: string | null;
    visitDate?: string | null;
    channelId?: string | null;
    keyword?: string | null;
  } | null;
  sort?: AudienceListSort | null;
  page?: number | null;
  pageSize?: number | null;
}

export const MAX_PAGE_SIZE = 100;

/** Shanghai calendar days → the instants that bound them (inclusive from, exclusive before). */
export function toListFilter(filter: AudienceListInput['filter']): AudienceListFilter {
  const dayStart = (day: string | null | undefined, plusDays = 0) => {
    if (!day) return null;
    if (!parseCalendarDate(day)) throw new AppError('VALIDATION_FAILED');
    const start = new Date(`${day}T00:00:00+08:00`);
    return new Date(start.getTime() + plusDays * 86_400_000);
  };
  if (filter?.visitDate && !parseCalendarDate(filter.visitDate)) throw new AppError('VALIDATION_FAILED');
  return {
    statuses: filter?.statuses,
    submittedFrom: dayStart(filter?.submittedFrom),
    submittedBefore: dayStart(filter?.submittedTo, 1),
    visitDate: filter?.visitDate,
    channelId: filter?.channelId,
    keyword: filter?.keyword?.slice(0, 64),
  };
}

export function normalisePaging(input: Pick<AudienceListInput, 'page' | 'pageSize'>) {
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(input.pageSize ?? 20)));
  return { page, pageSize };
}
