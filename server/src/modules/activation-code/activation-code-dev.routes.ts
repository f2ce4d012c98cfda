import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActivationCodeService } from './activation-code.service';

export const ACTIVATION_CODES_DEV_PATH = '/apis/dev/activation-codes';

const ZUnusedCodesQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

/**
 * Development and test only (never registered in production): unused activation codes,
 * so that someone trying the demo gets more codes than the start-up box prints, until the organizers'
 * code page exists. Plain text, one code a line, to copy from a browser tab.
 */
export async function registerActivationCodeDevRoutes(app: FastifyInstance, codes: ActivationCodeService) {
  app.get(ACTIVATION_CODES_DEV_PATH, async (request, reply) => {
    const { limit } = ZUnusedCodesQuery.parse(request.query);
    reply.type('text/plain; charset=utf-8');
    return `${(await codes.unused(limit)).join('\n')}\n`;
  });
}
