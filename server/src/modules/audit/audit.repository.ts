import type { Executor } from '../../db/client';
import { auditLog } from './audit.tables';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, entry: NewAuditRow) {
  await db.insert(auditLog).values(entry);
}
