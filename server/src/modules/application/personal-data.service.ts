import type { SharedSchedule } from '../../lib/shared-schedule';
import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { shanghaiDate } from '@portal/shared/dates';
import type { TEraseOwnDataInput } from '@portal/shared/account/account.schema';
import type { AccountService } from '../account/account.service';
import type { ActivationCodeService } from '../activation-code/activation-code.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { PhotoService } from '../media/photo.service';
import type { ShowService } from '../show/show.service';
import type { TicketService } from '../ticket/ticket.service';
import * as repository from './application.repository';
import type { WaitlistService } from './waitlist.service';

const RETENTION_SWEEP_MS = 6 * 3600_000;

/**
 * PIPL: personal data of applications is erased when the visitor asks (withdrawal), when an organizer
 * acts on a request, and when the retention period after the show ends. Erasure removes the photos
 * (files, rows and face descriptors) and the identifying fields; status, days and admissions stay as
 * anonymous statistics. Each erasure and its audit row commit together.
 */
export class PersonalDataService {
  constructor(
    private readonly db: Database,
    private readonly show: ShowService,
    private readonly activationCodes: ActivationCodeService,
    private readonly photos: PhotoService,
    private readonly tickets: Pick<TicketService, 'eraseHolders'>,
    private readonly audit: AuditService,
    private readonly accounts: Pick<AccountService, 'passwordMatches' | 'closeAccount' | 'announceChanged'>,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
    /** A deleted or erased application leaves the waitlist; the seats it frees go on in the same transaction. */
    private readonly waitlist: Pick<WaitlistService, 'lockDaysOf' | 'release'>,
  ) {}

  /**
   * The visitor withdraws the application: it is deleted with its photos, and its activation code is
   * free again. Not once an approved visitor's first visit day has come: the application is then the
   * record of a visit (admissions hang on it); erasure (`eraseOwn`) is the way out.
   */
  async withdraw(visitorId: string, origin: RequestOrigin) {
    const keys = await this.db.transaction(async (tx) => {
      const application = await repository.lockAudienceByAccount(tx, visitorId);
      if (!application) throw new AppError('NOT_FOUND');
      if (!(await this.isWithdrawable(tx, application))) throw new AppError('AUDIENCE_WITHDRAW_AFTER_VISIT');
      return this.deleteApplication(tx, application, origin);
    });
    await this.photos.deleteFiles(keys);
  }

  /**
   * PIPL: the visitor erases their personal data (the password asked again). An application that may
   * still be withdrawn is deleted; one that is the record of a visit keeps only its anonymous status,
   * days and admissions. The account is closed and every session ends — all in one transaction.
   */
  async eraseOwn(visitorId: string, { password }: TEraseOwnDataInput, origin: RequestOrigin) {
    if (!(await this.accounts.passwordMatches(visitorId, password))) throw new AppError('PASSWORD_CURRENT_WRONG');
    const keys = await this.db.transaction(async (tx) => {
      const application = await repository.lockAudienceByAccount(tx, visitorId);
      let photoKeys: string[] = [];
      if (application && (await this.isWithdrawable(tx, application))) photoKeys = await this.deleteApplication(tx, application, origin);
      else if (application && !application.personalDataErasedAt) await this.erasePersonalFields(tx, [application.id]);
      photoKeys.push(...(await this.photos.deleteOwnedBy(tx, [visitorId])));
      await this.accounts.closeAccount(tx, visitorId);
      await this.audit.record(origin, { actorId: visitorId, action: 'account.erase', subjectType: 'account', subjectId: visitorId, detail: { application: application?.id ?? null } }, tx);
      return photoKeys;
    });
    await this.accounts.announceChanged([visitorId]);
    await this.photos.deleteFiles(keys);
  }

  /** Not once a day was admitted at the gate, nor once an approved visitor's first day has come. */
  private async isWithdrawable(tx: Executor, application: { id: string; approveStatus: string }) {
    const days = await repository.visitDatesOf(tx, application.id);
    if (days.some((row) => row.admittedAt)) return false;
    if (application.approveStatus !== 'DONE') return true;
    const today = shanghaiDate(new Date(this.clock.now()));
    return days.every((row) => row.day > today);
  }

  /**
   * The identifying fields go, in the application and in the gate's ledger; its waitlist entries go too (an
   * offered seat goes on to the next in line), while the days it holds stay as the record of a visit.
   */
  private async erasePersonalFields(tx: Executor, ids: readonly string[]) {
    const days = await this.waitlist.lockDaysOf(tx, ids);
    await repository.erasePersonalFields(tx, ids);
    await this.tickets.eraseHolders(tx, 'VISITOR', ids);
    await this.waitlist.release(tx, ids, days);
  }

  private async deleteApplication(tx: Executor, application: { id: string; accountId: string; activationCodeId: string | null }, origin: RequestOrigin) {
    if (application.activationCodeId) await this.activationCodes.release(tx, [application.activationCodeId]);
    const days = await this.waitlist.lockDaysOf(tx, [application.id]);
    await repository.deleteAudience(tx, application.id);
    await this.waitlist.release(tx, [application.id], days);
    await this.tickets.eraseHolders(tx, 'VISITOR', [application.id]);
    const photoKeys = await this.photos.deleteOwnedBy(tx, [application.accountId]);
    await this.audit.record(origin, { actorId: application.accountId, action: 'audience.withdraw', subjectType: 'account', subjectId: application.accountId }, tx);
    return photoKeys;
  }

  /** Organizers erase the personal data of applications (a visitor's request by phone or email). */
  erase(actorId: string, ids: readonly string[], origin: RequestOrigin) {
    return this.eraseWhere(repository.byIds(ids), (count, tx) =>
      this.audit.record(origin, { actorId, action: 'audience.erase', subjectType: 'audience', detail: { ids, count } }, tx),
    );
  }

  /** Erases every application once the retention period after the last show day has ended. */
  async eraseExpired(): Promise<number> {
    const setting = await this.show.setting();
    const lastDay = (await this.show.showDays()).at(-1)?.day;
    if (!lastDay) return 0;
    const end = new Date(`${lastDay}T00:00:00+08:00`).getTime() + (setting.retentionDays + 1) * 86_400_000;
    if (this.clock.now() < end) return 0;
    return this.eraseWhere(undefined, (count, tx) =>
      this.audit.record(undefined, { actorId: null, action: 'audience.retention-erase', subjectType: 'audience', detail: { count, retentionDays: setting.retentionDays } }, tx),
    );
  }

  /**
   * Encrypts ID numbers still stored in plain text (rows from before encryption at rest, the bulk
   * demo fill) and re-encrypts those sealed with an older key; runs at start-up, in batches.
   */
  sealIdNumbers(): Promise<number> {
    return repository.sealAllIdNumbers(this.db);
  }

  /**
   * Runs eraseExpired now and every few hours, once per period for all instances together (the shared
   * schedule's lease); a failure is logged, the next period tries again.
   */
  startRetentionSweep(schedule: Pick<SharedSchedule, 'every'>) {
    schedule.every('retention-sweep', RETENTION_SWEEP_MS, async () => {
      const count = await this.eraseExpired();
      if (count) this.logger.info({ count, today: shanghaiDate(new Date(this.clock.now())) }, 'retention: personal data erased');
    });
  }

  /** Erases the applications matching the condition (all when undefined) that still hold personal data. */
  private async eraseWhere(condition: SQL | undefined, audit: (count: number, tx: Executor) => Promise<void>) {
    const { count, keys } = await this.db.transaction(async (tx) => {
      const rows = await repository.lockErasable(tx, condition);
      if (rows.length === 0) return { count: 0, keys: [] };
      await this.erasePersonalFields(tx, rows.map((row) => row.id));
      const photoKeys = await this.photos.deleteOwnedBy(tx, rows.map((row) => row.accountId));
      await audit(rows.length, tx);
      return { count: rows.length, keys: photoKeys };
    });
    await this.photos.deleteFiles(keys);
    return count;
  }
}
