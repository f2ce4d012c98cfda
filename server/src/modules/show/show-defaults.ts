import { eq, isNull, sql, and } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projectSettings, showDays } from './show.tables';
import { getProjectSetting } from './show.repository';

/** SPEC 9: the real show, 10–13 April 2025; registration information may change until 13 November 2024. */
export const REAL_SHOW_DAYS = ['2025-04-10', '2025-04-11', '2025-04-12', '2025-04-13'] as const;
export const REAL_UPDATE_DEADLINE = new Date('2024-11-13T23:59:59+08:00');
/** Seats per day until the organizers set their own (VIP visitors per day; not in SPEC). */
export const DEFAULT_DAY_CAPACITY = 5000;

/** Each day's registration closes at 09:00 Beijing time on the day itself. */
export function deadlineOf(day: string): Date {
  return new Date(`${day}T09:00:00+08:00`);
}

/**
 * The show's defaults, written at every start-up when no demo data is seeded (PostgreSQL, production):
 * when the show has no days yet, SPEC 9's real show with a default capacity, and the update deadline
 * when none is set. Nothing once days exist. Idempotent and safe when several instances start together (conflicts are ignored,
 * the deadline is only written while empty). Returns what it added.
 */
export async function seedShowDefaults(db: Database): Promise<{ days: number; updateDeadline: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(showDays);
    // Days exist: the organizers own the settings from then on (a deadline they cleared stays cleared).
    if (Number(existing?.n ?? 0) > 0) return { days: 0, updateDeadline: false };
    const inserted = await tx
      .insert(showDays)
      .values(REAL_SHOW_DAYS.map((day) => ({ day, capacity: DEFAULT_DAY_CAPACITY, deadline: deadlineOf(day) })))
      .onConflictDoNothing()
      .returning({ day: showDays.day });
    await getProjectSetting(tx);
    const updated = await tx
      .update(projectSettings)
      .set({ audienceUpdateDeadline: REAL_UPDATE_DEADLINE, updatedAt: new Date() })
      .where(and(eq(projectSettings.id, 1), isNull(projectSettings.audienceUpdateDeadline)))
      .returning({ id: projectSettings.id });
    return { days: inserted.length, updateDeadline: updated.length > 0 };
  });
}
