// The ticket office's list: `prepare` imports 100,000
// tickets through the office's own csv import (POST /apis/files/imports/tickets, good rows only), then
// the scenarios repeat the page's own query: the first page, and a filtered page (kind, status, admitted
// or not, a keyword), each with the admission counts of its rows and the total.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CookieJar } from '../../e2e/support/api-session';
import type { Scenario, ScenarioRequest } from './scenarios';

export const BULK_TICKETS = 100_000;
const BENCH_BATCH = 'bench-100k';

const LIST_QUERY = readFileSync(join(import.meta.dirname, '../../web/src/features/ticket/api/office-tickets.graphql'), 'utf8');

function headers(organizer: CookieJar) {
  return { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', 'x-portal-client': 'web', cookie: organizer.header() };
}

function listRequest(organizer: CookieJar, variables: Record<string, unknown>, minimumTotal: number): ScenarioRequest {
  return {
    method: 'POST',
    path: '/apis/core/graphql',
    headers: headers(organizer),
    body: JSON.stringify({ query: LIST_QUERY, variables }),
    expectStatus: 200,
    check: (body) => !body.includes('"errors"') && Number(/"total":(\d+)/.exec(body)?.[1] ?? -1) >= minimumTotal && body.includes('"nodes":[{'),
  };
}

/** Imports the 100,000 tickets once per target (a csv built in memory: holder, organization, code). */
async function importBulkTickets(origin: string, organizer: CookieJar) {
  const existing = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers: headers(organizer), body: JSON.stringify({ query: LIST_QUERY, variables: { filter: { kind: 'IMPORTED' }, pageSize: 1 } }) });
  if (Number(/"total":(\d+)/.exec(await existing.text())?.[1] ?? 0) >= BULK_TICKETS) return;
  const lines = Array.from({ length: BULK_TICKETS }, (_, index) => `Bench Holder ${index},Bench Company ${index % 500},BENCH-${String(index).padStart(6, '0')},,`);
  const response = await fetch(`${origin}/apis/files/imports/tickets?batch=${BENCH_BATCH}&mode=GOOD_ROWS_ONLY`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'x-portal-client': 'web', cookie: organizer.header() },
    body: lines.join('\n'),
  });
  const text = await response.text();
  if (!text.includes(`"imported":${BULK_TICKETS}`)) throw new Error(`importing the bench tickets failed: ${text.slice(-300)}`);
}

export const ticketListScenarios: Scenario[] = [
  {
    name: 'portal-tickets-first-page',
    description: `real server: GraphQL \`tickets\` first page (20 rows, newest first, admission counts, total) at ${BULK_TICKETS.toLocaleString('en-US')} tickets, as the organizer`,
    target: 'portal',
    prepare: ({ origin, organizer }) => importBulkTickets(origin, organizer),
    request: ({ organizer }) => listRequest(organizer, { page: 1, pageSize: 20 }, BULK_TICKETS),
  },
  {
    name: 'portal-tickets-filtered',
    description: 'the same list filtered: kind IMPORTED, status VALID, not admitted, keyword "Company 42", page 2',
    target: 'portal',
    request: ({ organizer }) => listRequest(organizer, { filter: { kind: 'IMPORTED', status: 'VALID', admitted: false, keyword: 'Company 42' }, page: 2, pageSize: 20 }, 21),
  },
];
