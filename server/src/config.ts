import { z } from 'zod';
import { isIP } from 'node:net';
import { resolve } from 'node:path';

/** true/false/1/0, as every on-off variable is written. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** 10.0.0.1, ::1, 10.0.0.0/8, fd00::/8, and proxy-addr's names (loopback, linklocal, uniquelocal). */
function isAddressOrRange(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Every environment variable the server reads, validated once at start (`.env.example` lists them). */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1 outside production (a developer's portal is not on the network), 0.0.0.0 in production. */
  HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Secret for captcha HMAC; required in production, generated per data folder otherwise. */
  APP_SECRET: z.string().min(32).optional(),
  WEB_DIST_DIR: z.string().min(1).default(resolve(import.meta.dirname, '../../web/dist')),
  /**
   * Which X-Forwarded-For entries to believe: `false` (none: the socket's peer is the client), a hop
   * count (the number of proxies in front of the portal), or the proxies' addresses/CIDRs, comma
   * separated. `true` (believe the left-most, which the client writes) is refused.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0') return false as const;
      if (trimmed === 'true') {
        context.addIssue({ code: 'custom', message: 'true would trust any X-Forwarded-For a client writes: give the number of proxies in front of the portal (e.g. 1) or their addresses' });
        return z.NEVER;
      }
      if (/^\d+$/.test(trimmed)) {
        const hops = Number(trimmed);
        if (hops > 10) context.addIssue({ code: 'custom', message: 'at most 10 proxies' });
        return hops;
      }
      const proxies = trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
      const bad = proxies.filter((entry) => !isAddressOrRange(entry));
      if (bad.length || !proxies.length) {
        context.addIssue({ code: 'custom', message: `false, a number of proxies, or proxy addresses/CIDRs (comma separated); not ${bad.join(', ') || 'empty'}` });
      }
      return proxies;
    }),
  /**
   * Origins (scheme://host[:port], comma separated) allowed to call the GraphQL endpoint cross-origin
   * with credentials. Unset: no CORS at all (the portal is same-origin).
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'each origin is scheme://host[:port], without a path'))),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24 * 7),
  CAPTCHA_COMPLEXITY: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  IP_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(50),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Moto Expo <no-reply@example.com>'),
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  /** S3-compatible bucket for uploaded files; unset: DATA_DIR/files. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * Keys that encrypt ID numbers at rest: `id:base64-of-32-bytes`, comma separated, newest first (the
   * first encrypts, all decrypt; rows under an older key are re-encrypted at start-up). Unset: one key
   * derived from APP_SECRET.
   */
  PERSONAL_DATA_KEYS: z.string().regex(/^[A-Za-z0-9_-]+:[A-Za-z0-9+/=]+(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=]+)*$/).optional(),
  /** Ed25519 private key (PKCS#8 PEM) that signs ticket QR codes; required in production. */
  TICKET_SIGNING_KEY: z.string().min(40).optional(),
  /**
   * After SIGTERM: how long the instance keeps serving while /apis/health/ready answers 503, so that a
   * load balancer that polls readiness takes it out before it stops listening (0 behind nginx, which
   * notices a closed port by itself).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** After SIGTERM (and the drain): the bound on finishing requests in flight, the outbox and the pools; then they are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(25),
  /** Verification-code requests one address may make in an hour (the per-recipient caps are fixed: DESIGN §6). */
  CODE_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Worker threads for heavy work off the event loop (reading imported spreadsheets); small: the machine also answers the gates. */
  HEAVY_WORK_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Admission control of the costly operations (application submit, photo upload, registration, the
   * /ticket look-up; docs/decisions/0807-admission-control.md): how many run at once on one instance (a 2-core instance: the
   * face check's worker and the database keep up with 4), how many wait across every instance, how long
   * one waits before it is answered with its place and a time to come back, and the slot's lease (a
   * killed instance's slots are free again after it).
   */
  ADMISSION_IN_FLIGHT: z.coerce.number().int().min(1).max(256).default(4),
  ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  ADMISSION_MAX_WAIT_SECONDS: z.coerce.number().min(0.05).max(60).default(15),
  ADMISSION_LEASE_SECONDS: z.coerce.number().min(1).max(600).default(15),
  /** Face-check worker threads (face-api on WASM, one core each while they work); 2 fits the 2-core machine (docs/performance.md). */
  FACE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Where an uploaded spreadsheet is copied while it is read (removed after each import); default: the system's temp folder. */
  IMPORT_TEMP_DIR: z.string().min(1).optional(),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const picked = Object.fromEntries(Object.keys(ZEnv.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const result = ZEnv.safeParse(picked);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const parsed = result.data;
  if (parsed.NODE_ENV === 'production' && !parsed.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required when NODE_ENV=production (at least 32 characters)']);
  }
  if (parsed.NODE_ENV === 'production' && !parsed.TICKET_SIGNING_KEY) {
    throw new ConfigError(['TICKET_SIGNING_KEY: required when NODE_ENV=production (Ed25519 private key, PKCS#8 PEM)']);
  }
  return {
    ...parsed,
    HOST: parsed.HOST ?? (parsed.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    DATA_DIR: resolve(parsed.DATA_DIR),
  };
}
