import type { AuditAction, AuditSubjectType } from '@portal/shared/audit/audit-log';
import type { Locale } from '@portal/shared/i18n/locales';

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
  /** The subject's name as its module tells it now (a person, a company, a device…); null when it has none or is gone. */
  subjectName: string | null;
}

/**
 * The names of one subject type's records by id, from the module that owns them (its module file registers it),
 * so that the log reads "王伟" rather than a UUID; ids without a name are left out of the map.
 */
export type AuditSubjectNamer = (ids: readonly string[], locale: Locale) => Promise<ReadonlyMap<string, string>>;
export type AuditSubjectNamers = Partial<Record<AuditSubjectType, AuditSubjectNamer>>;
