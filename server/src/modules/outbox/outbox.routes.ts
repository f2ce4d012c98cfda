import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { toInternationalMobile } from '@portal/shared/auth/identity';
import { latestOutboxMessages } from './outbox.repository';

const ZOutboxQuery = z.object({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Development and test only (never registered in production): what the dev outbox delivered. */
export async function registerOutboxRoutes(app: FastifyInstance, db: Database) {
  app.get('/apis/dev/outbox', async (request) => {
    const query = ZOutboxQuery.parse(request.query);
    const recipient = query.recipient ? toInternationalMobile(query.recipient).toLowerCase() : undefined;
    return latestOutboxMessages(db, recipient, query.limit);
  });
}
