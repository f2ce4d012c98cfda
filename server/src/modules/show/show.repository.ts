import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TicketGateRule } from '@portal/shared/ticket/gate-rules.schema';
import type { Executor } from '../../db/client';
import { channels, projectSettings, showDays } from './show.tables';

export async function getProjectSetting(db: Executor) {
  const row = await db.query.projectSettings.findFirst({ where: eq(projectSettings.id, 1) });
  if (row) return row;
  // The single settings row is created on first read, with the defaults of the schema.
  await db.insert(projectSettings).values({ id: 1 }).onConflictDoNothing();
  const created = await db.query.projectSettings.findFirst({ where: eq(projectSettings.id, 1) });
  if (!created) throw new Error('project_settings row missing after insert');
  return created;
}

export function listShowDays(db: Executor) {
  return db.select().from(showDays).orderBy(asc(showDays.day));
}

/** Whether `day` is a show day, as a condition another statement embeds (one index probe by primary key). */
export function isShowDayCondition(day: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${showDays} where ${showDays.day} = ${day}::date)`;
}

/**
 * The gate rule of a ticket kind (`TicketGateRule` as jsonb, null when the settings name none), as a value
 * another statement embeds: the scan reads it in the statement that locks the ticket.
 */
export function gateRuleOf(kind: SQL): SQL<TicketGateRule | null> {
  return sql<TicketGateRule | null>`(select ${projectSettings.ticketGateRules} -> ${kind} from ${projectSettings} where ${projectSettings.id} = 1)`;
}

/** Locks the given days in a fixed order (no deadlocks): capacity checks hold under concurrency. */
export function lockShowDays(tx: Executor, days: readonly string[]) {
  if (days.length === 0) return Promise.resolve([]);
  return tx.select().from(showDays).where(inArray(showDays.day, [...days])).orderBy(asc(showDays.day)).for('update');
}

export async function upsertShowDay(db: Executor, row: typeof showDays.$inferInsert) {
  await db
    .insert(showDays)
    .values(row)
    .onConflictDoUpdate({ target: showDays.day, set: { capacity: row.capacity, deadline: row.deadline, updatedAt: new Date() } });
}

export async function updateProjectSetting(db: Executor, values: Partial<typeof projectSettings.$inferInsert>) {
  await getProjectSetting(db);
  await db
    .update(projectSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projectSettings.id, 1));
}

export function findChannel(db: Executor, id: string) {
  return db.query.channels.findFirst({ where: and(eq(channels.id, id), eq(channels.enabled, true)) });
}

export function listChannels(db: Executor) {
  return db.select().from(channels).where(eq(channels.enabled, true)).orderBy(asc(channels.sortOrder), asc(channels.nameEn));
}

export async function insertChannels(db: Executor, rows: Array<typeof channels.$inferInsert>) {
  if (rows.length) await db.insert(channels).values(rows);
}

/** Every channel of the ids, disabled ones included: an old application may name one. */
export function findChannelsByIds(db: Executor, ids: readonly string[]) {
  return db.select().from(channels).where(inArray(channels.id, [...ids]));
}

/** Every channel, disabled ones included (exports name the channel of old applications). */
export function listAllChannels(db: Executor) {
  return db.select().from(channels);
}

/** The settings row, locked: saves are serialised, and the version check holds. */
export async function lockProjectSetting(tx: Executor) {
  await getProjectSetting(tx);
  const [row] = await tx.select().from(projectSettings).where(eq(projectSettings.id, 1)).for('update');
  if (!row) throw new Error('project_settings row missing');
  return row;
}

export async function deleteShowDays(tx: Executor, days: readonly string[]) {
  if (days.length) await tx.delete(showDays).where(inArray(showDays.day, [...days]));
}

export async function updateChannel(tx: Executor, id: string, values: Pick<typeof channels.$inferInsert, 'nameZh' | 'nameEn' | 'enabled' | 'sortOrder'>) {
  const [row] = await tx.update(channels).set(values).where(eq(channels.id, id)).returning({ id: channels.id });
  return row !== undefined;
}

/** Disables every channel not kept (applications keep naming the old ones). */
export async function disableChannelsExcept(tx: Executor, keptIds: readonly string[]) {
  await tx
    .update(channels)
    .set({ enabled: false })
    .where(keptIds.length ? notInArray(channels.id, [...keptIds]) : undefined);
}

/** Every channel in the organizers' order, disabled ones included (the settings page). */
export function listChannelsInOrder(db: Executor) {
  return db.select().from(channels).orderBy(asc(channels.sortOrder), asc(channels.nameEn));
}
