/** Where a request came from, as the audit log records it (the edge fills it in). */
export interface RequestOrigin {
  ip: string;
  requestId: string;
}

/** Who did what to which record: sign-ins, views and exports of personal data, state changes. */
export interface AuditEntry {
  actorId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  detail?: Record<string, unknown>;
}
