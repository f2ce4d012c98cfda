import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { autoApprovalRules } from './review.tables';

export type AutoApprovalRuleRow = typeof autoApprovalRules.$inferSelect;

/** Serialises saves of the list (two organizers saving at once would otherwise leave both lists). */
const RULES_LOCK_KEY = 310_001;

export function rulesInOrder(db: Executor) {
  return db.select().from(autoApprovalRules).orderBy(asc(autoApprovalRules.position), asc(autoApprovalRules.id));
}

export async function lockRules(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK_KEY})`);
}

export async function replaceRules(tx: Executor, rows: ReadonlyArray<Omit<typeof autoApprovalRules.$inferInsert, 'id'>>) {
  await tx.delete(autoApprovalRules);
  if (rows.length === 0) return [];
  return tx.insert(autoApprovalRules).values([...rows]).returning();
}
