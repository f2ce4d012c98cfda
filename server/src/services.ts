import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ExpiringStore } from './lib/expiring-store';
import { AccountService } from './modules/account/account.service';
import { AuthService } from './modules/auth/auth.service';
import { SessionService } from './modules/auth/session.service';
import { resolveAppSecret } from './modules/auth/app-secret';
import { CaptchaService } from './modules/auth/captcha.service';
import { systemClock, type Clock } from './lib/clock';
import { LoginService } from './modules/auth/login.service';
import { LoginThrottleService } from './modules/auth/login-throttle.service';
import { VerificationCodeService } from './modules/auth/verification-code.service';
import { createMessenger } from './modules/messaging/messenger.service';
import { ProjectService } from './modules/project/project.service';

/** The services of every module, built once per process and handed to routes and resolvers. */
export function createServices(deps: { config: Config; db: Database; store: ExpiringStore; logger: FastifyBaseLogger }) {
  const { config, db, store, logger } = deps;
  // One mutable holder, so that tests can move the time every sign-in rule sees.
  const clock: Clock = { now: () => systemClock.now() };
  const appSecret = resolveAppSecret(config);
  const captcha = new CaptchaService(store, appSecret, clock, { complexity: config.CAPTCHA_COMPLEXITY, ttlSeconds: config.CAPTCHA_TTL_SECONDS });
  const verificationCodes = new VerificationCodeService(store, createMessenger(config, db, logger), clock, appSecret, logger, {
    addressHourlyLimit: config.CODE_IP_HOURLY_LIMIT,
  });
  const loginThrottle = new LoginThrottleService(store, {
    identityMaxFailures: config.LOGIN_MAX_FAILURES,
    ipMaxFailures: config.IP_MAX_FAILURES,
    lockSeconds: config.LOGIN_LOCK_MINUTES * 60,
  });
  const sessions = new SessionService(store, {
    idleSeconds: config.SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: config.SESSION_ABSOLUTE_HOURS * 3600,
  });
  return {
    accounts: new AccountService(db),
    projects: new ProjectService(db),
    sessions,
    auth: new AuthService(config, sessions),
    clock,
    captcha,
    verificationCodes,
    login: new LoginService(db, captcha, loginThrottle, verificationCodes),
  };
}

export type Services = ReturnType<typeof createServices>;
