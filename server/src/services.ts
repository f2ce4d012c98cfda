import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ExpiringStore } from './lib/expiring-store';
import { AccountService } from './modules/account/account.service';
import { AuthService } from './modules/auth/auth.service';
import { SessionService } from './modules/auth/session.service';
import { ProjectService } from './modules/project/project.service';

/** The services of every module, built once per process and handed to routes and resolvers. */
export function createServices(deps: { config: Config; db: Database; store: ExpiringStore; logger: FastifyBaseLogger }) {
  const { config, db, store } = deps;
  const sessions = new SessionService(store, {
    idleSeconds: config.SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: config.SESSION_ABSOLUTE_HOURS * 3600,
  });
  return {
    accounts: new AccountService(db),
    projects: new ProjectService(db),
    sessions,
    auth: new AuthService(config, sessions),
  };
}

export type Services = ReturnType<typeof createServices>;
