// Scenario `portal-dashboard`: the query of the organizer's home (/wo/dashboard) at
// 100,000 applications (bench/audience-list.ts has the portal target fill them) and 1,000,000 gate
// records: the demo seed adds DEMO_BULK_ADMISSIONS of them over the approved applications' tickets and
// the show days (server/src/seed/bulk-admissions.ts), so the default day holds about a quarter.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from './scenarios';

export const BULK_ADMISSIONS = 1_000_000;
process.env.DEMO_BULK_ADMISSIONS ??= String(BULK_ADMISSIONS);

/** The dashboard page's own query (web/src/features/dashboard/api/dashboard.graphql). */
const DASHBOARD_QUERY = readFileSync(join(import.meta.dirname, '../../web/src/features/dashboard/api/dashboard.graphql'), 'utf8');

export const dashboardScenarios: Scenario[] = [
  {
    name: 'portal-dashboard',
    description: `real server: GraphQL \`dashboard\` as the super administrator (every part; admissions of the default show day) at 100,000 applications and ${BULK_ADMISSIONS.toLocaleString('en-US')} admissions`,
    target: 'portal',
    request: ({ organizer }) => ({
      method: 'POST',
      path: '/apis/core/graphql',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', 'x-portal-client': 'web', cookie: organizer.header() },
      body: JSON.stringify({ query: DASHBOARD_QUERY, variables: { day: null } }),
      expectStatus: 200,
      // The page's first load: every part present, and the admissions of the default day counted in the hundreds of thousands.
      check: (body) => !body.includes('"errors"') && Number(/"admissions":\{"day":"[^"]+","total":(\d+)/.exec(body)?.[1] ?? 0) >= 100_000,
    }),
  },
];
