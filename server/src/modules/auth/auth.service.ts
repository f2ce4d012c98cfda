import type { Config } from '../../config';
import type { AccountModel } from '../account/account.models';
import type { AccountService } from '../account/account.service';
import type { SessionRecord, SessionService } from './session.service';
import type { StartedSession } from './session-cookie';

/** Sign-in and sign-out on plain session ids; the edge (session-cookie.ts) reads and writes the cookie. */
export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * The signed-in account of a session id: the session must be live, the account enabled, and
   * the password unchanged since the session began.
   */
  async viewerOf(rawSessionId: string | undefined): Promise<{ viewer: AccountModel; session: SessionRecord } | undefined> {
    const session = await this.sessions.resolve(rawSessionId);
    if (!session) return undefined;
    const account = await this.accounts.findById(session.accountId);
    if (!account || account.disabled || account.sessionVersion !== session.version) return undefined;
    return { viewer: account, session };
  }

  /** Starts a new session for the account, ending the one the caller held (rotation at login). */
  async startSession(previousSessionId: string | undefined, account: AccountModel): Promise<StartedSession> {
    await this.sessions.destroy(previousSessionId);
    const sessionId = await this.sessions.create(account.id, account.scope, account.sessionVersion);
    return { sessionId, maxAgeSeconds: this.config.SESSION_ABSOLUTE_HOURS * 3600 };
  }

  async endSession(sessionId: string | undefined): Promise<void> {
    await this.sessions.destroy(sessionId);
  }
}
