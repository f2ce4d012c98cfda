import { z } from 'zod';
import { ConfigError, booleanFlag, type Config } from '../config';

/**
 * The seed's own settings (`.env.example` lists them), apart from the portal's: the production
 * configuration knows nothing of demo data. Read by `npm run seed -w server` and by the start-up of an
 * embedded database (main.ts).
 */
const ZSeedEnv = z.object({
  /** Default: on for the embedded database outside production. */
  SEED_DEMO: booleanFlag.optional(),
  /** This many extra made-up applications, filled in bulk (the benchmark's 100,000-row list). */
  DEMO_BULK_AUDIENCES: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** This many made-up staff badges over 1,000 companies (the benchmark's 20,000-badge queue). */
  DEMO_BULK_BADGES: z.coerce.number().int().min(0).max(200_000).default(0),
  /** How many of the bulk badges (all of one company) carry their own photo file (the zip benchmark). */
  DEMO_BULK_BADGE_PHOTOS: z.coerce.number().int().min(0).max(20_000).default(0),
  /** This many made-up gate records over the approved applications' tickets (the dashboard benchmark's 1,000,000). */
  DEMO_BULK_ADMISSIONS: z.coerce.number().int().min(0).max(5_000_000).default(0),
  /** Today is a show day too, open until it ends, so that the gates admit today (benchmark, entrance journey). */
  DEMO_GATE_DAY_TODAY: booleanFlag.default(false),
  /** This many made-up imported tickets valid today (the gate benchmark; with DEMO_GATE_DAY_TODAY). */
  DEMO_BULK_TICKETS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** This many registered visitors without an application, all with the demo visitor's password (the rush scenarios). */
  DEMO_BULK_VISITORS: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The bulk visitors also have their photos uploaded and an activation code each, ready to apply at once (the cluster test's rush). */
  DEMO_BULK_VISITORS_READY: booleanFlag.default(false),
});

export type SeedConfig = ReturnType<typeof parseSeedConfig>;

/** The seed's settings next to the portal's: demo data never in production, by default only on the embedded database. */
export function parseSeedConfig(config: Pick<Config, 'NODE_ENV' | 'DATABASE_URL'>, env: Record<string, string | undefined> = process.env) {
  const picked = Object.fromEntries(Object.keys(ZSeedEnv.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const result = ZSeedEnv.safeParse(picked);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const parsed = result.data;
  if (config.NODE_ENV === 'production' && parsed.SEED_DEMO) {
    throw new ConfigError(['SEED_DEMO: demo accounts are never created when NODE_ENV=production']);
  }
  return {
    ...parsed,
    seedDemo: parsed.SEED_DEMO ?? (config.NODE_ENV !== 'production' && !config.DATABASE_URL),
  };
}
