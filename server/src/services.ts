import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { ExpiringStore } from './lib/expiring-store';
import { AccountService } from './modules/account/account.service';
import { StaffService } from './modules/account/staff.service';
import { AuthService } from './modules/auth/auth.service';
import { SessionService } from './modules/auth/session.service';
import { SignedInCache } from './modules/auth/signed-in-cache';
import type { InvalidationBus } from './lib/invalidation-bus';
import { resolveAppSecret } from './modules/auth/app-secret';
import { CaptchaService } from './modules/auth/captcha.service';
import { systemClock, type Clock } from './lib/clock';
import { SharedSchedule } from './lib/shared-schedule';
import { configurePersonalDataKeys } from './lib/personal-data-cipher';
import { LoginService } from './modules/auth/login.service';
import { LoginThrottleService } from './modules/auth/login-throttle.service';
import { VerificationCodeService } from './modules/auth/verification-code.service';
import { createMessenger } from './modules/messaging/messenger.service';
import { NoticeOutbox } from './modules/messaging/notice-outbox.service';
import { ShowService } from './modules/show/show.service';
import { AuditLogService } from './modules/audit/audit-log.service';
import { AuditService } from './modules/audit/audit.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { ActivationCodeService } from './modules/activation-code/activation-code.service';
import { ApplicationService } from './modules/application/application.service';
import { ExhibitorService } from './modules/exhibitor/exhibitor.service';
import { BadgeQuotaService } from './modules/exhibitor/badge-quota.service';
import { ExtraBadgeOrderService } from './modules/exhibitor/extra-badge-order.service';
import { ExhibitorImportService } from './modules/exhibitor/exhibitor-import.service';
import { FaceService } from './modules/face/face.service';
import { createFileStore } from './modules/media/file-store';
import { MediaService } from './modules/media/media.service';
import { PhotoService } from './modules/media/photo.service';
import { RegistrationService } from './modules/account/registration.service';
import { PersonalDataService } from './modules/application/personal-data.service';
import { WaitlistService } from './modules/application/waitlist.service';
import { TicketService } from './modules/ticket/ticket.service';
import { TicketOfficeService } from './modules/ticket/ticket-office.service';
import { createTicketSigner } from './modules/ticket/ticket-token';
import { ReviewExportService } from './modules/review/review-export.service';
import { ExportSlots } from './lib/export-slots';
import { ReviewNotificationService } from './modules/review/review-notifications.service';
import { AutoApprovalService } from './modules/review/auto-approval.service';
import { ReviewService } from './modules/review/review.service';
import { ReviewJobService } from './modules/review/review-job.service';
import { VisitorGroupService } from './modules/visitor-group/visitor-group.service';
import { SubmissionWorkflowService } from './modules/submission/submission-workflow.service';
import { CatalogService } from './modules/catalog/catalog.service';
import { BannerService } from './modules/banner/banner.service';
import { ProductService } from './modules/product/product.service';
import { SubmissionExportService } from './modules/submission/submission-export.service';
import { PRODUCT_SHEET } from './modules/product/product-export';
import { CATALOG_SHEET } from './modules/catalog/catalog-export';
import { BANNER_SHEET } from './modules/banner/banner-export';
import { BadgeService } from './modules/badge/badge.service';
import { BadgeFilingService } from './modules/badge/badge-filing.service';
import { BadgeReviewService, badgeSpec } from './modules/badge/badge-review.service';
import { BadgeTicketService } from './modules/badge/badge-ticket.service';
import { BadgeExportService } from './modules/badge/badge-export.service';
import { ProjectSettingsService } from './modules/project/project-settings.service';
import { ActivationCodeOfficeService } from './modules/project/activation-code-office.service';
import { EntranceService } from './modules/entrance/entrance.service';
import { EntranceRoomService } from './modules/entrance-room/entrance-room.service';
import { HeavyWorkPool } from './lib/heavy-work-pool';
import { BadgePrintService } from './modules/badge-print/badge-print.service';
import { cjkFonts } from './lib/pdf-stream';
import { InvitationLetterService } from './modules/invitation-letter/invitation-letter.service';
import { useSheetPool } from './lib/xlsx-stream';
import { SpreadsheetImports } from './lib/spreadsheet-import';
import { connectModules } from './modules/registry';
import type { AdmissionLedger } from './lib/admission-ledger';
import { AdmissionGate, admissionTiming } from './lib/admission-gate';

type ServiceDeps = { config: Config; db: Database; store: ExpiringStore; bus: InvalidationBus; admission: AdmissionLedger; logger: FastifyBaseLogger };

/**
 * The services of every module, built once per process and handed to routes and resolvers; then each
 * module connects its hooks into the others' services (its photo-access rules, audit subject names,
 * counters) from its own module file. This file only builds: no rule of a domain is written here.
 */
export function createServices(deps: ServiceDeps): Services {
  const services = buildServices(deps);
  connectModules(services);
  return services;
}

function buildServices(deps: ServiceDeps) {
  const { config, db, store, bus, admission, logger } = deps;
  // One mutable holder, so that tests can move the time every sign-in rule sees.
  const clock: Clock = { now: () => systemClock.now() };
  const appSecret = resolveAppSecret(config);
  configurePersonalDataKeys(appSecret, config.PERSONAL_DATA_KEYS);
  const captcha = new CaptchaService(store, appSecret, clock, { complexity: config.CAPTCHA_COMPLEXITY, ttlSeconds: config.CAPTCHA_TTL_SECONDS });
  const show = new ShowService(db);
  const messenger = createMessenger(config, db, logger, (tx) => show.setting(tx));
  const verificationCodes = new VerificationCodeService(store, messenger, clock, appSecret, logger, {
    addressHourlyLimit: config.CODE_IP_HOURLY_LIMIT,
  });
  const loginThrottle = new LoginThrottleService(store, {
    identityMaxFailures: config.LOGIN_MAX_FAILURES,
    ipMaxFailures: config.IP_MAX_FAILURES,
    lockSeconds: config.LOGIN_LOCK_MINUTES * 60,
  });
  const audit = new AuditService(db);
  const accounts = new AccountService(db, bus);
  const notices = new NoticeOutbox(db, messenger, logger);
  const activationCodes = new ActivationCodeService(db);
  const faces = new FaceService({ workers: config.FACE_WORKERS });
  const heavyWork = new HeavyWorkPool({ threads: config.HEAVY_WORK_THREADS });
  useSheetPool(heavyWork);
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
  const photos = new PhotoService(db, new MediaService(files, faces), logger);
  const badgeQuotas = new BadgeQuotaService(db, audit);
  const exhibitors = new ExhibitorService(db, accounts, show, verificationCodes, audit, messenger, notices, photos, badgeQuotas);
  const ticketSigner = createTicketSigner(config);
  const tickets = new TicketService(db, ticketSigner, show, clock);
  // Confirming an offered seat writes the ticket's days as every other change of an application does.
  const waitlist: WaitlistService = new WaitlistService(db, show, notices, messenger, (tx, rows): Promise<void> => applications.syncTickets(tx, rows), clock, logger);
  const applications = new ApplicationService(db, show, activationCodes, photos, tickets, waitlist, clock);
  const personalData = new PersonalDataService(db, show, activationCodes, photos, tickets, audit, accounts, clock, logger, waitlist);
  const reviewNotifications = new ReviewNotificationService(messenger, notices, applications);
  const review = new ReviewService(db, applications, personalData, audit, reviewNotifications);
  const autoApproval = new AutoApprovalService(db, applications, activationCodes, show, audit, reviewNotifications, clock);
  const ticketOffice = new TicketOfficeService(db, ticketSigner, accounts, photos, show, audit, clock);
  const submissions = new SubmissionWorkflowService(db, audit, accounts, exhibitors, messenger, notices, photos, clock);
  const badges = new BadgeService(db, exhibitors, accounts, photos, audit, clock);
  const badgeReview = { workflow: submissions, spec: badgeSpec(tickets) };
  const badgeFiling = new BadgeFilingService(db, badgeReview, accounts, photos, tickets, audit, show, clock);
  const badgeTicket = new BadgeTicketService(db, badgeReview, tickets, photos, accounts, { captcha, codes: verificationCodes, store });
  const catalog = new CatalogService(db, submissions);
  const products = new ProductService(db, submissions);
  const banners = new BannerService(db, submissions, audit, photos);
  const sessions = new SessionService(
    store,
    clock,
    {
      idleSeconds: config.SESSION_IDLE_MINUTES * 60,
      absoluteSeconds: config.SESSION_ABSOLUTE_HOURS * 3600,
    },
    bus,
  );
  const pdfFonts = cjkFonts();
  const entrance = new EntranceService(db, tickets, photos, audit, clock, bus);
  return {
    clock,
    /** Admission control in front of the costly operations (closed with the portal). */
    admission: new AdmissionGate(admission, config.ADMISSION_IN_FLIGHT, admissionTiming(config)),
    /** Periodic work run once per period across instances (the retention sweep). */
    schedule: new SharedSchedule(store, logger),
    /** The file store (seeds write demo pictures through it). */
    files,
    audit,
    auditLog: new AuditLogService(db, accounts, clock),
    accounts,
    staff: new StaffService(db, accounts, audit),
    exhibitors,
    badgeQuotas,
    extraBadgeOrders: new ExtraBadgeOrderService(db, badgeQuotas, audit, accounts, messenger, notices),
    exhibitorImport: new ExhibitorImportService(exhibitors, accounts, audit),
    show,
    activationCodes,
    faces,
    /** Worker threads for heavy work off the event loop (closed with the portal). */
    heavyWork,
    spreadsheetImports: new SpreadsheetImports(heavyWork, { tempDir: config.IMPORT_TEMP_DIR }),
    photos,
    applications,
    personalData,
    waitlist,
    review,
    /** "All that match this filter" decided in the background (its worker started by main.ts, stopped with the portal). */
    reviewJobs: new ReviewJobService(db, applications, review, autoApproval, reviewNotifications, audit, logger),
    autoApproval,
    visitorGroups: new VisitorGroupService(db, accounts, activationCodes, applications, review, messenger, notices, audit),
    reviewExport: new ReviewExportService(applications, show, clock),
    /** Every export route takes one of these per download: two at once per user. */
    exportSlots: new ExportSlots(2),
    messenger,
    notices,
    submissions,
    catalog,
    products,
    banners,
    productExport: new SubmissionExportService(db, submissions, exhibitors, clock, PRODUCT_SHEET),
    catalogExport: new SubmissionExportService(db, submissions, exhibitors, clock, CATALOG_SHEET),
    bannerExport: new SubmissionExportService(db, submissions, exhibitors, clock, BANNER_SHEET),
    tickets,
    ticketOffice,
    badgePrint: new BadgePrintService(db, tickets, ticketOffice, accounts, photos, audit, heavyWork, pdfFonts, clock),
    invitationLetters: new InvitationLetterService(db, applications, badges, exhibitors, show, photos, audit, heavyWork, pdfFonts, appSecret, clock),
    badges,
    badgeFiling,
    badgeReview: new BadgeReviewService(badgeReview.workflow, badgeReview.spec),
    badgeTicket,
    badgeExport: new BadgeExportService(badges, exhibitors, photos, clock),
    dashboard: new DashboardService(applications, show, exhibitors, badges, tickets, clock),
    projectSettings: new ProjectSettingsService(db, show, applications, tickets, audit, waitlist, clock),
    activationCodeOffice: new ActivationCodeOfficeService(db, activationCodes, applications, audit, clock),
    entrance,
    /** The live entrance room's snapshots and streams (ended with the portal: its routes' preClose). */
    entranceRoom: new EntranceRoomService(tickets, entrance, show, bus, clock),
    registration: new RegistrationService(accounts, verificationCodes, show),
    sessions,
    auth: new AuthService(config, sessions, accounts, new SignedInCache(bus)),
    captcha,
    verificationCodes,
    login: new LoginService(accounts, audit, captcha, loginThrottle, verificationCodes),
  };
}

export type Services = ReturnType<typeof buildServices>;
