import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { insertAuditEntry } from './audit.repository';

/** PIPL: every view and export of personal data is recorded with who, what, when, from where. */
export class AuditService {
  constructor(private readonly db: Database) {}

  record(request: FastifyRequest, entry: { actorId: string; action: string; subjectType: string; subjectId?: string; detail?: Record<string, unknown> }) {
    return insertAuditEntry(this.db, { ...entry, ip: request.ip, requestId: request.id });
  }
}
