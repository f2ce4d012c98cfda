import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AccountModel } from '../account/account.models';
import type { AccountService } from '../account/account.service';
import { SESSION_COOKIE, type SessionRecord, type SessionService } from './session.service';

/** Sign-in, sign-out and the session cookie. */
export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * The signed-in account of a session cookie: the session must be live, the account enabled, and
   * the password unchanged since the session began.
   */
  async viewerOf(rawSessionId: string | undefined): Promise<{ viewer: AccountModel; session: SessionRecord } | undefined> {
    const session = await this.sessions.resolve(rawSessionId);
    if (!session) return undefined;
    const account = await this.accounts.findById(session.accountId);
    if (!account || account.disabled || account.sessionVersion !== session.version) return undefined;
    return { viewer: account, session };
  }

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
