// The organizers' badge queue at 20,000 badges: the portal target fills
// itself — the demo seed adds DEMO_BULK_BADGES made-up badges over 1,000 companies
// (server/src/seed/bulk-badges.ts) — and the scenarios ask for the web page's own query.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CookieJar } from '../../e2e/support/api-session';
import type { Scenario, ScenarioRequest } from './scenarios';

export const BULK_BADGES = 20_000;
process.env.DEMO_BULK_BADGES ??= String(BULK_BADGES);

/** The queue page's own query and its fragment (web/src/features/badge/api). */
const apiDir = join(import.meta.dirname, '../../web/src/features/badge/api');
export const BADGES_QUERY = ['badges.graphql', 'badge-queue-fields.graphql'].map((file) => readFileSync(join(apiDir, file), 'utf8')).join('\n');

export function graphqlRequest(organizer: CookieJar, query: string, variables: Record<string, unknown>, check: (body: string) => boolean): ScenarioRequest {
  return {
    method: 'POST',
    path: '/apis/core/graphql',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'x-portal-client': 'web',
      cookie: organizer.header(),
    },
    body: JSON.stringify({ query, variables }),
    expectStatus: 200,
    check: (body) => !body.includes('"errors"') && check(body),
  };
}

const totalAtLeast = (minimum: number) => (body: string) => Number(/"total":(\d+)/.exec(body)?.[1] ?? -1) >= minimum && body.includes('"nodes":[{');

export const badgeQueueScenarios: Scenario[] = [
  {
    name: 'portal-badges-first-page',
    description: `real server: GraphQL \`badges\` first page (20 rows, newest first, with total) at ${BULK_BADGES.toLocaleString('en-US')} badges, as the organizer`,
    target: 'portal',
    request: ({ organizer }) => graphqlRequest(organizer, BADGES_QUERY, { page: 1, pageSize: 20 }, totalAtLeast(BULK_BADGES)),
  },
  {
    name: 'portal-badges-pending-keyword',
    description: 'the same queue filtered: status PENDING and a keyword (name or pinyin contains "Wang"), page 2',
    target: 'portal',
    request: ({ organizer }) => graphqlRequest(organizer, BADGES_QUERY, { filter: { status: 'PENDING', keyword: 'Wang' }, page: 2, pageSize: 20 }, totalAtLeast(100)),
  },
  {
    name: 'portal-badges-last-page',
    description: `the unfiltered queue's last page (page ${BULK_BADGES / 20}, offset ${(BULK_BADGES - 20).toLocaleString('en-US')})`,
    target: 'portal',
    request: ({ organizer }) => graphqlRequest(organizer, BADGES_QUERY, { page: BULK_BADGES / 20, pageSize: 20 }, totalAtLeast(BULK_BADGES)),
  },
];
