// Scenarios of the organizers' approval list at 100,000 applications (DESIGN §8: lists stay fast at
// 100,000 rows). The portal target fills itself: the demo seed adds DEMO_BULK_AUDIENCES made-up
// applications in one INSERT … SELECT generate_series (server/src/seed/bulk-applications.ts),
// and the target inherits this process's environment (e2e/support/server-process.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shanghaiDate } from '@portal/shared/dates';
import { addDays, DEMO_SHOW } from '../src/seed/demo-seed';
import type { CookieJar } from '../../e2e/support/api-session';
import type { Scenario, ScenarioRequest } from './scenarios';

export const BULK_APPLICATIONS = 100_000;
process.env.DEMO_BULK_AUDIENCES ??= String(BULK_APPLICATIONS);

/** The second demo show day (not the small one): the demo seed computes the days the same way. */
const visitDay = addDays(shanghaiDate(new Date()), DEMO_SHOW.firstDayOffset + 1);

/** The review list page's own query (web/src/features/review/api/audience-list.graphql). */
const LIST_QUERY = readFileSync(join(import.meta.dirname, '../../web/src/features/review/api/audience-list.graphql'), 'utf8');

function listRequest(organizer: CookieJar, variables: Record<string, unknown>, minimumTotal: number): ScenarioRequest {
  return {
    method: 'POST',
    path: '/apis/core/graphql',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'x-portal-client': 'web',
      cookie: organizer.header(),
    },
    body: JSON.stringify({ query: LIST_QUERY, variables }),
    expectStatus: 200,
    check: (body) => {
      const total = Number(/"total":(\d+)/.exec(body)?.[1] ?? -1);
      return !body.includes('"errors"') && total >= minimumTotal && body.includes('"nodes":[{');
    },
  };
}

/** The last page of the whole list, as the page's "last page" button asks for it: read from the list's total. */
let lastPage = 1;
async function findLastPage(origin: string, organizer: CookieJar) {
  const { headers, body } = listRequest(organizer, { sort: 'SUBMITTED_DESC', page: 1, pageSize: 20 }, BULK_APPLICATIONS);
  const response = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers, body });
  lastPage = Math.ceil(Number(/"total":(\d+)/.exec(await response.text())?.[1] ?? 0) / 20);
}

export const audienceListScenarios: Scenario[] = [
  {
    name: 'portal-audiences-first-page',
    description: `real server: GraphQL \`audiences\` first page (20 rows, newest first, with total) at ${BULK_APPLICATIONS.toLocaleString('en-US')} applications, as the organizer`,
    target: 'portal',
    request: ({ organizer }) => listRequest(organizer, { sort: 'SUBMITTED_DESC', page: 1, pageSize: 20 }, BULK_APPLICATIONS),
  },
  {
    name: 'portal-audiences-wait-visit-day',
    description: `the same list filtered: status WAIT and one visit day (${visitDay}), page 3`,
    target: 'portal',
    request: ({ organizer }) => listRequest(organizer, { filter: { statuses: ['WAIT'], visitDate: visitDay }, sort: 'SUBMITTED_DESC', page: 3, pageSize: 20 }, 1000),
  },
  {
    name: 'portal-audiences-wait-keyword',
    description: 'the same list filtered: status WAIT and a keyword (name contains 王, or mobile / ID number ends with it)',
    target: 'portal',
    request: ({ organizer }) => listRequest(organizer, { filter: { statuses: ['WAIT'], keyword: '王' }, sort: 'SUBMITTED_DESC', page: 1, pageSize: 20 }, 100),
  },
  {
    name: 'portal-audiences-last-page',
    description: 'the whole list\'s last page (the oldest applications), newest first, as the "last page" button asks for it',
    target: 'portal',
    prepare: ({ origin, organizer }) => findLastPage(origin, organizer),
    request: ({ organizer }) => listRequest(organizer, { sort: 'SUBMITTED_DESC', page: lastPage, pageSize: 20 }, BULK_APPLICATIONS),
  },
];
