import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { audienceVisitDates, channels } from '../../db/schema/index';

/** The visit days of one export batch, by application id (one query per batch). */
export async function visitDaysOfBatch(db: Executor, audienceIds: readonly string[]) {
  const byAudience = new Map<string, string[]>();
  if (audienceIds.length === 0) return byAudience;
  const rows = await db
    .select({ audienceId: audienceVisitDates.audienceId, day: audienceVisitDates.day })
    .from(audienceVisitDates)
    .where(inArray(audienceVisitDates.audienceId, [...audienceIds]))
    .orderBy(asc(audienceVisitDates.day));
  for (const row of rows) {
    const days = byAudience.get(row.audienceId) ?? [];
    days.push(row.day);
    byAudience.set(row.audienceId, days);
  }
  return byAudience;
}

/** Every channel, disabled ones included: an old application may name one. */
export function allChannelNames(db: Executor) {
  return db.select({ id: channels.id, nameZh: channels.nameZh, nameEn: channels.nameEn }).from(channels);
}
