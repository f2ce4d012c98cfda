import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { activationCodes, audiences, photos } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../media/file-store';
import * as projects from '../project/project.repository';
import { shanghaiDate } from '@portal/shared/dates';
import { z } from 'zod';

const ZErasureInput = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
const RETENTION_SWEEP_MS = 6 * 3600_000;

/**
 * PIPL: personal data of applications is erased when the visitor asks (withdrawal), when an organizer
 * acts on a request, and when the retention period after the show ends. Erasure removes the photos
 * (files, rows and face descriptors) and the identifying fields; status, days and admissions stay as
 * anonymous statistics.
 */
export class PersonalDataService {
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** The visitor withdraws the application: it is deleted with its photos, and its activation code is free again. */
  async withdraw(accountId: string) {
    const keys = await this.db.transaction(async (tx) => {
      const [audience] = await tx.select().from(audiences).where(eq(audiences.accountId, accountId)).for('update');
      if (!audience) throw new AppError('NOT_FOUND');
      if (audience.activationCodeId) {
        await tx.update(activationCodes).set({ status: 'UNUSED', boundAt: null }).where(eq(activationCodes.id, audience.activationCodeId));
      }
      await tx.delete(audiences).where(eq(audiences.id, audience.id));
      return this.deleteOwnedPhotos(tx, accountId);
    });
    await this.deleteFiles(keys);
  }

  /** Organizers erase the personal data of applications (a visitor's request by phone or email). */
  async erase(rawInput: unknown) {
    const { ids } = parseInput(ZErasureInput, rawInput);
    return this.eraseWhere(inArray(audiences.id, ids));
  }

  /** Erases every application once the retention period after the last show day has ended. */
  async eraseExpired(): Promise<number> {
    const setting = await projects.getProjectSetting(this.db);
    const days = await projects.listShowDays(this.db);
    const lastDay = days.at(-1)?.day;
    if (!lastDay) return 0;
    const end = new Date(`${lastDay}T00:00:00+08:00`).getTime() + (setting.retentionDays + 1) * 86_400_000;
    if (this.clock.now() < end) return 0;
    return this.eraseWhere(undefined);
  }

  /** Runs eraseExpired now and every few hours; a failure is logged, the next run tries again. */
  startRetentionSweep() {
    const run = () =>
      this.eraseExpired()
        .then((count) => count && this.logger.info({ count, today: shanghaiDate(new Date(this.clock.now())) }, 'retention: personal data erased'))
        .catch((error: unknown) => this.logger.error({ err: error }, 'retention sweep failed'));
    void run();
    this.sweeper = setInterval(run, RETENTION_SWEEP_MS);
    this.sweeper.unref();
  }

  stop() {
    clearInterval(this.sweeper);
  }

  /** Erases the applications matching the condition (all when undefined) that still hold personal data. */
  private async eraseWhere(condition: SQL | undefined) {
    const { count, keys } = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: audiences.id, accountId: audiences.accountId })
        .from(audiences)
        .where(and(condition, isNull(audiences.personalDataErasedAt)))
        .for('update');
      if (rows.length === 0) return { count: 0, keys: [] };
      await tx
        .update(audiences)
        .set({
          name: null,
          mobile: null,
          email: null,
          idType: null,
          idNumber: null,
          birthDate: null,
          entryPhotoId: null,
          idPhotoId: null,
          refuseReason: null,
          personalDataErasedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(inArray(audiences.id, rows.map((row) => row.id)));
      const photoKeys: string[] = [];
      for (const row of rows) photoKeys.push(...(await this.deleteOwnedPhotos(tx, row.accountId)));
      return { count: rows.length, keys: photoKeys };
    });
    await this.deleteFiles(keys);
    return count;
  }

  private async deleteOwnedPhotos(tx: Executor, ownerId: string) {
    const rows = await tx.delete(photos).where(eq(photos.ownerId, ownerId)).returning({ key: photos.storageKey });
    return rows.map((row) => row.key);
  }

  /** After the commit: a file that cannot be deleted now is logged (its row is already gone). */
  private async deleteFiles(keys: readonly string[]) {
    for (const key of keys) {
      await this.files.delete(key).catch((error: unknown) => this.logger.error({ err: error, key }, 'could not delete an erased photo file'));
    }
  }
}
