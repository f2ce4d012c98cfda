import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AuditLogEntryModel } from './audit.models';
import { auditLog } from './audit.tables';

export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditEntry(db: Executor, entry: NewAuditRow) {
  await db.insert(auditLog).values(entry);
}

/** The entries of these actions about one record, oldest first (the record's own history; its name is the caller's). */
export function entriesAbout(db: Executor, subjectType: string, subjectId: string, actions: readonly string[]): Promise<Omit<AuditLogEntryModel, 'subjectName'>[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId), inArray(auditLog.action, [...actions])))
    .orderBy(auditLog.at, auditLog.id);
}

/** The filter as conditions; `actorIds` null means any actor, an empty list none. */
export interface AuditConditions {
  actorIds: readonly string[] | null;
  actions: readonly string[] | null;
  subjectType: string | null;
  subjectId: string | null;
  from: Date | null;
  to: Date | null;
}

function whereOf(conditions: AuditConditions, before: number | null): SQL | undefined {
  return and(
    conditions.actorIds ? inArray(auditLog.actorId, [...conditions.actorIds]) : undefined,
    conditions.actions?.length ? inArray(auditLog.action, [...conditions.actions]) : undefined,
    conditions.subjectType ? eq(auditLog.subjectType, conditions.subjectType) : undefined,
    conditions.subjectId ? eq(auditLog.subjectId, conditions.subjectId) : undefined,
    conditions.from ? gte(auditLog.at, conditions.from) : undefined,
    conditions.to ? lte(auditLog.at, conditions.to) : undefined,
    before ? lt(auditLog.id, before) : undefined,
  );
}

/** Newest first, `limit` entries older than `before` (keyset: the log may hold millions of rows). */
export function listAuditEntries(db: Executor, conditions: AuditConditions, before: number | null, limit: number): Promise<Array<Omit<AuditLogEntryModel, 'subjectName'>>> {
  return db.select().from(auditLog).where(whereOf(conditions, before)).orderBy(desc(auditLog.id)).limit(limit);
}
