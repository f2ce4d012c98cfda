import { ConfigError, parseConfig } from './config';
import { startPortal } from './bootstrap';
import { seedShowDefaults } from './modules/show/show-defaults';
import { formatDemoSummary } from './seed/demo-seed';
import { parseSeedConfig } from './seed/seed-config';
import { seedPortal } from './seed/seed-portal';

async function main() {
  const config = parseConfig();
  // The seed's own settings (server/src/seed/): demo data on an empty embedded database outside production only.
  const seed = parseSeedConfig(config);
  const portal = await startPortal(config);
  const { app } = portal;

  const created = seed.seedDemo ? await seedPortal(portal, seed) : undefined;
  if (!seed.seedDemo) {
    // Production (and any database without demo data): SPEC 9's real show when no days exist yet.
    const added = await seedShowDefaults(portal.database.db);
    if (added.days > 0) app.log.info(added, 'seeded the show days of SPEC 9');
  }

  app.services.personalData.startRetentionSweep(app.services.schedule);
  app.services.waitlist.startOfferSweep(app.services.schedule);
  app.services.notices.start();
  app.services.reviewJobs.startWorker();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutting down');
    // The last resort should a pool itself hang on close: the process goes anyway, a little after the bound.
    setTimeout(() => process.exit(1), (config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000).unref();
    const inTime = await portal.close();
    app.log.info({ inTime }, 'shut down');
    process.exit(inTime ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Portal ready on http://localhost:${port} (database: ${portal.database.kind})`);
  // The demo box is printed once, on the run that created the data, last, so that it stays on screen
  // (successful requests are logged at debug outside production).
  if (created) console.log(formatDemoSummary(created, `http://localhost:${port}`));
}

main().catch((error: unknown) => {
  // Start-up errors are logged only (SPEC 8); a bad configuration names the variable.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
