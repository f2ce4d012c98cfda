import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry) {
  await db.insert(auditLog).values(entry);
}
