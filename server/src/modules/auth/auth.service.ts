import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AccountModel } from '../../graphql/models';
import { SESSION_COOKIE, type SessionService } from './session.service';

/** Sign-in, sign-out and the session cookie. */
export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly sessions: SessionService,
  ) {}

  private cookieOptions(request: FastifyRequest) {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: request.protocol === 'https',
      maxAge: this.config.SESSION_ABSOLUTE_HOURS * 3600,
    };
  }

  /** Starts a new session for the account, ending the one the request carried (rotation at login). */
  async startSession(request: FastifyRequest, reply: FastifyReply, account: AccountModel) {
    await this.sessions.destroy(request.cookies[SESSION_COOKIE]);
    const sessionId = await this.sessions.create(account.id, account.scope, account.sessionVersion);
    reply.setCookie(SESSION_COOKIE, sessionId, this.cookieOptions(request));
  }

  async endSession(request: FastifyRequest, reply: FastifyReply) {
    await this.sessions.destroy(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}
