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
import { AuditService } from './modules/audit/audit.service';
import { AudienceService } from './modules/audience/audience.service';
import { FaceService } from './modules/face/face.service';
import { createFileStore } from './modules/media/file-store';
import { MediaService } from './modules/media/media.service';
import { PhotoService } from './modules/media/photo.service';
import { RegistrationService } from './modules/audience/registration.service';
import { PersonalDataService } from './modules/audience/personal-data.service';
import { TicketService } from './modules/ticket/ticket.service';
import { createTicketSigner } from './modules/ticket/ticket-token';
import { AudienceExportService } from './modules/audience/audience-export.service';
import { AudienceNotificationService } from './modules/audience/audience-notifications.service';

/** The services of every module, built once per process and handed to routes and resolvers. */
export function createServices(deps: { config: Config; db: Database; store: ExpiringStore; logger: FastifyBaseLogger }) {
  const { config, db, store, logger } = deps;
  // One mutable holder, so that tests can move the time every sign-in rule sees.
  const clock: Clock = { now: () => systemClock.now() };
  const appSecret = resolveAppSecret(config);
  const captcha = new CaptchaService(store, appSecret, clock, { complexity: config.CAPTCHA_COMPLEXITY, ttlSeconds: config.CAPTCHA_TTL_SECONDS });
  const messenger = createMessenger(config, db, logger);
  const verificationCodes = new VerificationCodeService(store, messenger, clock, appSecret, logger, {
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
  const accounts = new AccountService(db);
  const projects = new ProjectService(db);
  const audience = new AudienceService(db, clock);
  const faces = new FaceService();
  const files = createFileStore({
    dataDir: config.DATA_DIR,
    s3: config.S3_BUCKET
      ? {
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
  });
  return {
    accounts,
    audienceExport: new AudienceExportService(db, audience, accounts, clock),
    audienceNotifications: new AudienceNotificationService(messenger, audience, logger),
    /** The file store (seeds write demo pictures through it). */
    files,
    audit: new AuditService(db),
    audience,
    registration: new RegistrationService(accounts, verificationCodes, projects),
    personalData: new PersonalDataService(db, files, clock, logger),
    tickets: new TicketService(createTicketSigner(config), audience, clock),
    faces,
    photos: new PhotoService(db, new MediaService(files, faces), accounts),
    projects,
    sessions,
    auth: new AuthService(config, sessions, accounts),
    clock,
    captcha,
    verificationCodes,
    login: new LoginService(db, captcha, loginThrottle, verificationCodes),
  };
}

export type Services = ReturnType<typeof createServices>;
