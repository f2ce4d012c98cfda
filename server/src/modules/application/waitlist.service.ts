import type { FastifyBaseLogger } from 'fastify';
import type { SharedSchedule } from '../../lib/shared-schedule';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Viewer } from '../../lib/viewer';
import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { TWaitlistDayInput } from '@portal/shared/application/waitlist.schema';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import type { OutgoingMessage } from '../messaging/message-channel';
import { localeOfApplicant } from '../review/review-notifications.service';
import type { ShowDayModel } from '../show/show.models';
import type { ShowService } from '../show/show.service';
import * as applications from './application.repository';
import type { ApplicationRow } from './application.models';
import * as repository from './waitlist.repository';

const OFFER_SWEEP_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Writes the gate's ledger after an application's days changed (the application service's, handed in). */
export type SyncTickets = (tx: Executor, applications: readonly ApplicationRow[]) => Promise<void>;

/**
 * The waitlist of full show days (docs/decisions/0208-waitlist-for-full-days.md). A visitor whose
 * application is pending or approved joins a full day's line; when a seat frees, the next in line is
 * offered it in the transaction that freed it, under the same day locks as the seat rules (`lockDays`),
 * and told by email and SMS through the notice outbox. An offered seat is held (it counts against the
 * day's capacity) until the visitor confirms it — it becomes a visit day — or the organizers' window
 * passes: then it goes to the next in line, at the sweep every minute or sooner where a transaction
 * already holds the day. Every change locks the application row first, then the days in date order.
 */
export class WaitlistService {
  constructor(
    private readonly db: Database,
    private readonly show: ShowService,
    private readonly outbox: Pick<NoticeOutbox, 'enqueue' | 'kick'>,
    private readonly messenger: Pick<Messenger, 'waitlistOffered' | 'waitlistLapsed'>,
    private readonly syncTickets: SyncTickets,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** The visitor's entries, with their place in line or their offer. */
  async entriesOf(audienceId: string) {
    return repository.entriesOf(this.db, audienceId);
  }

  /** Per day: how many wait and how many hold an offered seat (the organizers' days). */
  lengthsByDay(days: readonly string[]) {
    return repository.lengthsByDay(this.db, days);
  }

  /** The visitor joins the line of a full day (their application pending or approved). */
  join(viewer: Viewer, { day }: TWaitlistDayInput) {
    return this.asVisitor(viewer, day, async (tx, application, showDay, now) => {
      if ((await applications.visitDatesOf(tx, application.id)).some((row) => row.day === day)) return 'WAITLIST_ALREADY_HELD';
      if (await repository.findEntry(tx, application.id, day)) return undefined;
      if (now > showDay.deadline) return 'VISIT_DATE_DEADLINE_PASSED';
      // Lapsed offers first: a seat they free goes to those already in line.
      await this.promote(tx, [showDay], now);
      const held = (await applications.countHoldersByDay(tx, [day], undefined)).get(day) ?? 0;
      if (held < showDay.capacity) return 'WAITLIST_DAY_NOT_FULL';
      await repository.insertEntry(tx, { audienceId: application.id, day, joinedAt: now });
      return undefined;
    });
  }

  /** The visitor leaves a day's line; an offered seat they leave goes to the next in line. */
  leave(viewer: Viewer, { day }: TWaitlistDayInput) {
    return this.asVisitor(viewer, day, async (tx, application, showDay, now) => {
      const entry = await repository.findEntry(tx, application.id, day);
      if (!entry) return undefined;
      await repository.deleteEntry(tx, entry.id);
      await this.promote(tx, [showDay], now);
      return undefined;
    });
  }

  /** The visitor takes the seat offered to them: it becomes a visit day (and a day of the ticket). */
  confirm(viewer: Viewer, { day }: TWaitlistDayInput) {
    return this.asVisitor(viewer, day, async (tx, application, showDay, now) => {
      const entry = await repository.findEntry(tx, application.id, day);
      if (!entry?.offerExpiresAt) return 'WAITLIST_NO_OFFER';
      if (now >= entry.offerExpiresAt) {
        // The lapse commits (the seat goes on); the visitor is told after.
        await this.promote(tx, [showDay], now);
        return 'WAITLIST_OFFER_EXPIRED';
      }
      await repository.deleteEntry(tx, entry.id);
      await repository.addVisitDate(tx, application.id, day);
      await this.syncTickets(tx, [application]);
      return undefined;
    });
  }

  /**
   * The common frame of the visitor's three actions: the application row locked, then the day; the
   * action's own refusal (an error code) is thrown after the commit, so that lapsed offers it handed on stay handed on.
   */
  private async asVisitor(viewer: Viewer, day: string, action: (tx: Executor, application: ApplicationRow, showDay: ShowDayModel, now: Date) => Promise<ErrorCode | undefined>) {
    if (viewer.scope !== 'audience') throw new AppError('FORBIDDEN');
    const now = new Date(this.clock.now());
    const { refusal, audienceId } = await this.db.transaction(async (tx) => {
      const application = await applications.lockAudienceByAccount(tx, viewer.id);
      if (!application || !applications.HOLDING_STATUSES.includes(application.approveStatus)) return { refusal: 'WAITLIST_NOT_ALLOWED' as const };
      const [showDay] = await this.show.lockDays(tx, [day]);
      if (!showDay) return { refusal: 'VISIT_DATE_INVALID' as const };
      return { refusal: await action(tx, application, showDay, now), audienceId: application.id };
    });
    void this.outbox.kick();
    if (refusal || !audienceId) throw new AppError(refusal ?? 'INTERNAL');
    return repository.entriesOf(this.db, audienceId);
  }

  /**
   * Locks the days the applications hold or wait on, in date order: call it before a change that lets
   * them go (refusal, withdrawal, erasure), then `release` after it.
   */
  async lockDaysOf(tx: Executor, audienceIds: readonly string[]): Promise<ShowDayModel[]> {
    return this.show.lockDays(tx, await repository.daysOf(tx, audienceIds));
  }

  /** The applications may no longer wait: their entries go, and the seats now free on `days` go to the next in line. */
  async release(tx: Executor, audienceIds: readonly string[], days: readonly ShowDayModel[]) {
    await repository.deleteEntriesOf(tx, audienceIds);
    await this.promote(tx, days, new Date(this.clock.now()));
  }

  /** The visitor now holds these days (picked or resubmitted): their entries on them are done with. */
  held(tx: Executor, audienceId: string, days: readonly string[]) {
    return repository.deleteEntriesOn(tx, audienceId, days);
  }

  /**
   * Hands the free seats of the days — locked by the caller — to the next in line: offers past their
   * window lapse first, then as many as there are free seats are offered, in line order, until the
   * window ends or the day's registration deadline, whichever comes first. After its deadline a day
   * offers nothing (its line stays, to be seen). The notices (offers, and lapses to those who let theirs
   * pass) are written in the same transaction.
   */
  async promote(tx: Executor, days: readonly ShowDayModel[], now: Date = new Date(this.clock.now())) {
    if (days.length === 0) return;
    const hours = (await this.show.setting(tx)).waitlistOfferHours;
    const held = await applications.countHoldersByDay(tx, days.map((row) => row.day), undefined);
    const notices: Array<{ dedupeKey: string; message: OutgoingMessage }> = [];
    for (const showDay of days) {
      const lapsed = await repository.deleteExpiredOffers(tx, showDay.day, now);
      for (const row of lapsed) {
        const messages = await this.messenger.waitlistLapsed(tx, row, { name: row.name ?? '', day: showDay.day }, localeOfApplicant(row));
        notices.push(...messages.map((message) => ({ dedupeKey: `waitlist-lapse:${row.entryId}:${message.kind}`, message })));
      }
      if (now > showDay.deadline) continue;
      const taken = lapsed.length ? ((await applications.countHoldersByDay(tx, [showDay.day], undefined)).get(showDay.day) ?? 0) : (held.get(showDay.day) ?? 0);
      const free = showDay.capacity - taken;
      if (free <= 0) continue;
      const next = await repository.nextWaiting(tx, showDay.day, free);
      if (next.length === 0) continue;
      const until = new Date(Math.min(now.getTime() + hours * HOUR_MS, showDay.deadline.getTime()));
      await repository.markOffered(tx, next.map((row) => row.id), now, until);
      for (const row of next) {
        const messages = await this.messenger.waitlistOffered(tx, row, { name: row.name ?? '', day: showDay.day, until }, localeOfApplicant(row));
        notices.push(...messages.map((message) => ({ dedupeKey: `waitlist-offer:${row.id}:${message.kind}`, message })));
      }
    }
    if (notices.length) await this.outbox.enqueue(tx, notices);
  }

  /** Hands on every lapsed offer: one transaction per day, under its lock; returns how many days were seen to. */
  async sweep(): Promise<number> {
    const days = await repository.daysWithExpiredOffers(this.db, new Date(this.clock.now()));
    for (const day of days) {
      await this.db.transaction(async (tx) => this.promote(tx, await this.show.lockDays(tx, [day])));
    }
    if (days.length) void this.outbox.kick();
    return days.length;
  }

  /** Runs the sweep every minute, once per period for all instances together (docs/decisions/1003-scheduled-sweeps.md). */
  startOfferSweep(schedule: Pick<SharedSchedule, 'every'>) {
    schedule.every('waitlist-offer-sweep', OFFER_SWEEP_MS, async () => {
      const days = await this.sweep();
      if (days) this.logger.info({ days }, 'waitlist: lapsed offers handed on');
    });
  }
}
