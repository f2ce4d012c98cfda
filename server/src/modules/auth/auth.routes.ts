import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZLoginForm, ZSendCodeForm } from '@portal/shared/auth/auth.schema';
import { localeOfRequest } from '../../lib/request-locale';
import { parseAuthForm } from './auth-input';
import type { AuthRequestContext } from './login.service';
import { clearSessionCookie, sessionIdOf, setSessionCookie } from './session-cookie';

function contextOf(request: FastifyRequest): AuthRequestContext {
  return { ip: request.ip, requestId: request.id, locale: localeOfRequest(request) };
}

/** REST sign-in endpoints (docs/api.md); the rules live in the services. */
export async function registerAuthRoutes(app: FastifyInstance) {
  app.get('/apis/auth/captcha', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.services.captcha.createChallenge();
  });

  app.post('/apis/auth/login', async (request, reply) => {
    const form = parseAuthForm(ZLoginForm, request.body);
    const account = await app.services.login.login(form, contextOf(request));
    setSessionCookie(request, reply, await app.services.auth.startSession(sessionIdOf(request), account));
    reply.header('cache-control', 'no-store');
    return { scope: account.scope };
  });

  app.post('/apis/auth/code', async (request, reply) => {
    const form = parseAuthForm(ZSendCodeForm, request.body);
    reply.header('cache-control', 'no-store');
    return app.services.login.requestCode(form, contextOf(request));
  });

  app.post('/apis/auth/logout', async (request, reply) => {
    await app.services.auth.endSession(sessionIdOf(request));
    clearSessionCookie(reply);
    return reply.code(204).send();
  });
}
