import type { Config } from '../../config';
import type { AccountModel } from '../account/account.models';
import type { AccountService } from '../account/account.service';
import type { SessionService } from './session.service';
import type { StartedSession } from './session-cookie';
import type { SignedIn, SignedInCache } from './signed-in-cache';

/** Sign-in and sign-out on plain session ids; the edge (session-cookie.ts) reads and writes the cookie. */
export class AuthService {
  constructor(
    private readonly config: Config,
    private readonly sessions: SessionService,
    private readonly accounts: AccountService,
    private readonly cache: SignedInCache,
  ) {}

  /**
   * The signed-in account of a session id, with its roles: the session must be live (idle and absolute
   * limits, checked on every request), the account enabled, and the password unchanged since the session
   * began. A recent answer comes from the cache, which every instance empties for a session or an
   * account at once when either changes. The common case — a cached live session whose idle timer needs
   * no write yet — is answered at once, without a promise (the GraphQL route's hot path).
   */
  viewerOf(rawSessionId: string | undefined): SignedIn | undefined | Promise<SignedIn | undefined> {
    const key = this.sessions.keyOf(rawSessionId);
    if (!key) return undefined;
    const now = Date.now();
    const cached = this.cache.get(key, now);
    if (cached && this.sessions.isLiveWithoutTouch(cached.session, now)) return cached;
    return this.viewerFromStore(key, rawSessionId, cached, now);
  }

  private async viewerFromStore(key: string, rawSessionId: string | undefined, cached: SignedIn | undefined, now: number): Promise<SignedIn | undefined> {
    if (cached) {
      const session = await this.sessions.keepAlive(key, cached.session, now);
      if (session !== cached.session && session) this.cache.replaceSession(key, session);
      return session && { viewer: cached.viewer, session };
    }
    const generation = this.cache.currentGeneration();
    const session = await this.sessions.resolve(rawSessionId);
    if (!session) return undefined;
    const viewer = await this.accounts.viewerById(session.accountId);
    if (!viewer || viewer.disabled || viewer.sessionVersion !== session.version) return undefined;
    this.cache.set(key, { viewer, session }, generation, now);
    return { viewer, session };
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
