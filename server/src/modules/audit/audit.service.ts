import type { Database, Executor } from '../../db/client';
import type { AuditAction, AuditSubjectType } from '@portal/shared/audit/audit-log';
import type { AuditEntry, RequestOrigin } from './audit.models';
import { entriesAbout, insertAuditEntry } from './audit.repository';

/**
 * PIPL: every view and export of personal data, and every state change, is recorded with who, what,
 * when and from where. A service that changes state passes its transaction, so that the change and its
 * audit row commit together or not at all.
 */
export class AuditService {
  constructor(private readonly db: Database) {}

  record(origin: RequestOrigin | undefined, entry: AuditEntry, tx: Executor = this.db) {
    return insertAuditEntry(tx, { ...entry, ip: origin?.ip ?? null, requestId: origin?.requestId ?? null });
  }

  /** What was done to one record, oldest first: a module builds its record's history from these (who, when, the detail). */
  entriesAbout(subjectType: AuditSubjectType, subjectId: string, actions: readonly AuditAction[]) {
    return entriesAbout(this.db, subjectType, subjectId, actions);
  }
}
