import type { RunningPortal } from '../bootstrap';
import { seedDemoData, type DemoSeedSummary } from './demo-seed';
import { fillBulkApplications } from './bulk-applications';
import { fillBulkAdmissions } from './bulk-admissions';
import { fillBulkBadges } from './bulk-badges';
import { fillBulkTickets, openGateDayToday } from './bulk-tickets';
import { fillBulkVisitors } from './bulk-visitors';
import type { SeedConfig } from './seed-config';

/**
 * The demo data and the bulk fills the seed's settings ask for, on a portal whose database has no
 * account yet (else nothing: the summary is undefined). Run by `npm run seed -w server` and by the
 * start-up of an embedded database; each fill reports what it added through `log`.
 */
export async function seedPortal(portal: RunningPortal, seed: SeedConfig, log: (line: string) => void = console.log): Promise<DemoSeedSummary | undefined> {
  const { services } = portal.app;
  const created = await seedDemoData(services, portal.database.db);
  if (!created) return undefined;
  const timed = async (fill: () => Promise<number>, what: (added: number) => string) => {
    const started = performance.now();
    const added = await fill();
    log(`${what(added)} in ${Math.round(performance.now() - started)} ms.`);
  };
  if (seed.DEMO_BULK_AUDIENCES > 0) await timed(() => fillBulkApplications(portal, seed.DEMO_BULK_AUDIENCES), (added) => `${added} more made-up applications filled in bulk`);
  // Before the admissions: they are spread over the show days, and today's share is what the dashboard shows first.
  if (seed.DEMO_GATE_DAY_TODAY) log(`Gate day: ${await openGateDayToday(portal.database.db, new Date(services.clock.now()))} is a show day too (DEMO_GATE_DAY_TODAY).`);
  if (seed.DEMO_BULK_ADMISSIONS > 0) await timed(() => fillBulkAdmissions(portal, seed.DEMO_BULK_ADMISSIONS), (added) => `${added} made-up admissions filled in bulk`);
  if (seed.DEMO_BULK_BADGES > 0) {
    const photos = Math.min(seed.DEMO_BULK_BADGE_PHOTOS, seed.DEMO_BULK_BADGES);
    await timed(() => fillBulkBadges(portal, seed.DEMO_BULK_BADGES, photos), (added) => `${added} made-up staff badges filled in bulk`);
  }
  if (seed.DEMO_BULK_TICKETS > 0) {
    await timed(() => fillBulkTickets(portal.database.db, seed.DEMO_BULK_TICKETS, new Date(services.clock.now())), (added) => `${added} made-up tickets valid today filled in bulk`);
  }
  if (seed.DEMO_BULK_VISITORS > 0) {
    const readyToApply = seed.DEMO_BULK_VISITORS_READY;
    await timed(() => fillBulkVisitors(portal, seed.DEMO_BULK_VISITORS, { readyToApply }), (added) => `${added} registered visitors without an application${readyToApply ? ', photos uploaded and a code each,' : ''} filled in bulk`);
  }
  return created;
}
