import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { TicketKind } from '@portal/shared/ticket/ticket.schema';
import type { Executor } from '../../db/client';
import { badgePrints, badgeTemplates } from './badge-print.tables';

export type BadgeTemplateRow = typeof badgeTemplates.$inferSelect;

export function listTemplates(db: Executor) {
  return db.select().from(badgeTemplates);
}

export async function findTemplate(db: Executor, kind: TicketKind) {
  const [row] = await db.select().from(badgeTemplates).where(eq(badgeTemplates.kind, kind));
  return row;
}

/** The kind's template locked for its save (a first save locks nothing: the insert's key decides). */
export async function lockTemplate(tx: Executor, kind: TicketKind) {
  const [row] = await tx.select().from(badgeTemplates).where(eq(badgeTemplates.kind, kind)).for('update');
  return row;
}

export async function saveTemplate(tx: Executor, values: typeof badgeTemplates.$inferInsert) {
  const { kind: _kind, ...changes } = values;
  const [row] = await tx.insert(badgeTemplates).values(values).onConflictDoUpdate({ target: badgeTemplates.kind, set: changes }).returning();
  return row as BadgeTemplateRow;
}

/** One row per printed badge; answers each ticket's copy number (1 for the first print). */
export async function recordPrints(tx: Executor, ticketIds: readonly string[], by: { printedById: string; batchId: string | null; at: Date }) {
  if (ticketIds.length === 0) return new Map<string, number>();
  await tx.insert(badgePrints).values(ticketIds.map((ticketId) => ({ ticketId, printedById: by.printedById, batchId: by.batchId, printedAt: by.at })));
  const counts = await tx
    .select({ ticketId: badgePrints.ticketId, copies: sql<number>`count(*)::int` })
    .from(badgePrints)
    .where(inArray(badgePrints.ticketId, [...ticketIds]))
    .groupBy(badgePrints.ticketId);
  return new Map(counts.map((row) => [row.ticketId, Number(row.copies)]));
}

/** A ticket's prints, newest first. */
export function printsOf(db: Executor, ticketId: string) {
  return db
    .select({ at: badgePrints.printedAt, printedById: badgePrints.printedById, batch: sql<boolean>`${badgePrints.batchId} is not null` })
    .from(badgePrints)
    .where(eq(badgePrints.ticketId, ticketId))
    .orderBy(desc(badgePrints.printedAt), desc(badgePrints.id));
}

/** Whether a picture is a template's background or logo (who may open it). */
export async function templateUsingPhoto(db: Executor, photoId: string) {
  const [row] = await db
    .select({ kind: badgeTemplates.kind })
    .from(badgeTemplates)
    .where(sql`${badgeTemplates.backgroundPhotoId} = ${photoId} or ${badgeTemplates.logoPhotoId} = ${photoId}`)
    .limit(1);
  return row;
}
