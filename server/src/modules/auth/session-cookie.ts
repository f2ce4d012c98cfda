import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie: the only place that knows its name and attributes (the services take plain ids). */
export const SESSION_COOKIE = 'sid';

/** A session the auth service started: what the edge writes into the cookie. */
export interface StartedSession {
  sessionId: string;
  maxAgeSeconds: number;
}

export function sessionIdOf(request: Pick<FastifyRequest, 'cookies'>): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, started: StartedSession) {
  reply.setCookie(SESSION_COOKIE, started.sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: started.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
