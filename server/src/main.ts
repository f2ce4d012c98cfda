import { ConfigError, parseConfig } from './config';
import { startPortal } from './bootstrap';
import { formatDemoSummary, seedDemoData } from './modules/seed/demo-seed';
import { seedShowDefaults } from './modules/seed/show-seed';
import { fillBulkApplications } from './modules/seed/bulk-applications';
import { fillBulkBadges } from './modules/seed/bulk-badges';
import { fillBulkAdmissions } from './modules/seed/bulk-admissions';
import { fillBulkTickets, openGateDayToday } from './modules/seed/bulk-tickets';

async function main() {
  const config = parseConfig();
  const portal = await startPortal(config);
  const { app } = portal;

  let created: Awaited<ReturnType<typeof seedDemoData>>;
  if (config.seedDemo) {
    created = await seedDemoData(app.services, portal.database.db);
    if (created && config.DEMO_BULK_AUDIENCES > 0) {
      const started = performance.now();
      const added = await fillBulkApplications(portal.database.db, config.DEMO_BULK_AUDIENCES);
      console.log(`${added} more made-up applications filled in bulk in ${Math.round(performance.now() - started)} ms.`);
    }
    // Before the admissions: they are spread over the show days, and today's share is what the dashboard shows first.
    if (created && config.DEMO_GATE_DAY_TODAY) {
      console.log(`Gate day: ${await openGateDayToday(portal.database.db, new Date(app.services.clock.now()))} is a show day too (DEMO_GATE_DAY_TODAY).`);
    }
    if (created && config.DEMO_BULK_ADMISSIONS > 0) {
      const started = performance.now();
      const added = await fillBulkAdmissions(portal.database.db, config.DEMO_BULK_ADMISSIONS);
      console.log(`${added} made-up admissions filled in bulk in ${Math.round(performance.now() - started)} ms.`);
    }
    if (created && config.DEMO_BULK_BADGES > 0) {
      const started = performance.now();
      const added = await fillBulkBadges(portal.database.db, app.services.files, config.DEMO_BULK_BADGES, Math.min(config.DEMO_BULK_BADGE_PHOTOS, config.DEMO_BULK_BADGES));
      console.log(`${added} made-up staff badges filled in bulk in ${Math.round(performance.now() - started)} ms.`);
    }
    if (created && config.DEMO_BULK_TICKETS > 0) {
      const started = performance.now();
      const added = await fillBulkTickets(portal.database.db, config.DEMO_BULK_TICKETS, new Date(app.services.clock.now()));
      console.log(`${added} made-up tickets valid today filled in bulk in ${Math.round(performance.now() - started)} ms.`);
    }
  } else {
    // Production (and any database without demo data): SPEC 9's real show when no days exist yet.
    const added = await seedShowDefaults(portal.database.db);
    if (added.days > 0) app.log.info(added, 'seeded the show days of SPEC 9');
  }

  app.services.personalData.startRetentionSweep(app.services.schedule);
  app.services.notices.start();

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
