import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export async function registerAuthRoutes(app: FastifyInstance, _config: Config) {
  app.post('/apis/auth/logout', async (request, reply) => {
    await app.services.auth.endSession(request, reply);
    return reply.code(204).send();
  });
}
