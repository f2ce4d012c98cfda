import type { AuditAction, AuditSubjectType } from '@portal/shared/audit/audit-log';

/** Where a request came from, as the audit log records it (the edge fills it in). */
export interface RequestOrigin {
  ip: string;
  requestId: string;
}

/** Who did what to which record: sign-ins, views and exports of personal data, state changes. */
export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  subjectType?: AuditSubjectType;
  subjectId?: string;
  detail?: Record<string, unknown>;
}

/** A recorded entry as the super administrator reads it (GraphQL `AuditEntry`). */
export interface AuditLogEntryModel {
  id: number;
  at: Date;
  actorId: string | null;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  ip: string | null;
  requestId: string | null;
  detail: Record<string, unknown> | null;
}
