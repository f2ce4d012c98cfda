/**
 * Seeds the configured database (DATA_DIR's embedded one, or DATABASE_URL) with the demo data and the
 * bulk fills the DEMO_BULK_* settings ask for, prints the demo accounts and stops. Nothing when the
 * database already has an account; refused when NODE_ENV=production.
 *
 *   npm run seed -w server
 *   DEMO_BULK_AUDIENCES=100000 DATA_DIR=/tmp/big npm run seed -w server
 *
 * `npm start` does the same by itself on an empty embedded database.
 */
import { ConfigError, parseConfig } from '../config';
import { startPortal } from '../bootstrap';
import { formatDemoSummary } from './demo-seed';
import { parseSeedConfig } from './seed-config';
import { seedPortal } from './seed-portal';

async function main() {
  const config = parseConfig();
  // Asked for by name: the demo is seeded on PostgreSQL too (never in production: parseSeedConfig refuses it).
  const seed = parseSeedConfig(config, { ...process.env, SEED_DEMO: 'true' });
  const portal = await startPortal(config);
  try {
    const created = await seedPortal(portal, seed);
    console.log(created ? formatDemoSummary(created, `http://localhost:${config.PORT}`) : 'The database already has accounts: nothing seeded.');
  } finally {
    await portal.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
