// The gates on the show's morning (100,000 visitors a day, half in the first hour).
// The portal target seeds 100,000 imported tickets valid today in one INSERT … SELECT, today made a
// show day (server/src/seed/bulk-tickets.ts, DEMO_BULK_TICKETS and DEMO_GATE_DAY_TODAY) with a
// signing key this process made,
// so that it can sign their QR codes itself. Scenarios:
// - `POST scan` from 4 and from 32 devices (one autocannon connection per device, each with its own
//   token; every request a new scan id and the next, distinct ticket: every scan is a first entry,
//   recorded in one transaction) — afterwards the admissions recorded are counted in the office list;
// - `GET sync`, the full feed (100,000 tickets) and an incremental one (the last 1,000 changes): size
//   as sent (the portal does not compress; gzip size given for a proxy that would) and time;
// The office ticket list at 100,000 tickets is bench/ticket-list.ts (its import is skipped: these are there).
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { shanghaiDate } from '@portal/shared/dates';
import { bulkTicketId } from '../src/seed/bulk-tickets';
import type { CookieJar } from '../../e2e/support/api-session';
import type { Scenario, ScenarioRequest } from './scenarios';

export const BULK_TICKETS = 100_000;
const DEVICES = 32;
const INCREMENTAL_CHANGES = 1_000;

process.env.DEMO_BULK_TICKETS ??= String(BULK_TICKETS);
process.env.DEMO_GATE_DAY_TODAY ??= 'true';
const signingKey = generateKeyPairSync('ed25519').privateKey;
process.env.TICKET_SIGNING_KEY ??= signingKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * Of the target being measured (its organizer's session tells one target from the next): device tokens, one per
 * autocannon connection; the next bulk ticket to scan; the full feed's version.
 */
const bench = { organizer: undefined as CookieJar | undefined, tokens: [] as string[], nextTicket: 1, connections: 0, feedVersion: 0 };

/** The QR of bulk ticket `serial` as the portal signs it (kind C, its own id, today). */
function ticketQr(serial: number): string {
  const payload = { v: 1, k: 'C', id: bulkTicketId(serial), d: [shanghaiDate(new Date())], iat: Math.floor(Date.now() / 1000) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(null, Buffer.from(body), signingKey).toString('base64url')}`;
}

function scanBody() {
  const serial = bench.nextTicket++;
  if (serial > BULK_TICKETS) throw new Error(`the scan scenarios ran out of the ${BULK_TICKETS} bulk tickets: shorten BENCH_DURATION`);
  return JSON.stringify({ scanId: randomUUID(), qr: ticketQr(serial) });
}

/** The scan baseline's own tickets (targets/scan-baseline.ts fills BASELINE_TICKETS of them, the same ids), per baseline process. */
const baseline = { origin: '', nextTicket: 1, connections: 0 };
const BASELINE_TICKETS = 200_000;

function baselineScanBody() {
  const serial = baseline.nextTicket++;
  if (serial > BASELINE_TICKETS) throw new Error(`the scan baseline ran out of its ${BASELINE_TICKETS} tickets: shorten BENCH_DURATION`);
  return JSON.stringify({ scanId: randomUUID(), qr: ticketQr(serial) });
}

async function graphql(origin: string, organizer: CookieJar, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${origin}/apis/core/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-client': 'web', cookie: organizer.header() },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (!body.data) throw new Error(`bench GraphQL failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return body.data;
}

/** Registers the bench's gates and issues their tokens, once per target (the organizer holds ROLE_HARDWARE). */
export async function registerDevices(origin: string, organizer: CookieJar) {
  // PGlite's portal and PostgreSQL's are measured one after the other: the next one has its own gates and tickets.
  if (bench.organizer !== organizer) Object.assign(bench, { organizer, tokens: [], nextTicket: 1, connections: 0, feedVersion: 0 });
  while (bench.tokens.length < DEVICES) {
    const input = { name: `Bench gate ${bench.tokens.length + 1}`, location: 'Bench hall', kind: 'GATE', days: [], ticketKinds: ['VISITOR', 'BADGE', 'IMPORTED'] };
    const registered = (await graphql(origin, organizer, 'mutation ($input: EntranceDeviceInput!) { registerEntranceDevice(input: $input) { id } }', { input })) as {
      registerEntranceDevice: { id: string };
    };
    const issued = (await graphql(origin, organizer, 'mutation ($id: ID!) { issueDeviceToken(id: $id) { token } }', { id: registered.registerEntranceDevice.id })) as {
      issueDeviceToken: { token: string };
    };
    bench.tokens.push(issued.issueDeviceToken.token);
  }
}

const deviceHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

export function scanRequest(): ScenarioRequest {
  return {
    method: 'POST',
    path: '/apis/hardware/v1/scan',
    headers: deviceHeaders(bench.tokens[0] ?? ''),
    body: scanBody(),
    expectStatus: 200,
    check: (body) => body.includes('"admit":true') && body.includes('"reason":"ENTRY"'),
    // Each connection is one device (its own token); each request a new scan of the next ticket.
    setupRequest: (connection) => {
      connection.token ??= bench.tokens[bench.connections++ % DEVICES];
      return { headers: deviceHeaders(String(connection.token)), body: scanBody() };
    },
  };
}

/** The admissions recorded for the bulk tickets, counted in the ticket office's list. */
async function countRecorded(origin: string, organizer: CookieJar): Promise<string> {
  const data = (await graphql(origin, organizer, 'query ($filter: TicketFilter) { tickets(filter: $filter, pageSize: 1) { total } }', {
    filter: { kind: 'IMPORTED', admitted: true, keyword: 'BENCH-' },
  })) as { tickets: { total: number } };
  // autocannon prepares each connection's next request as an answer arrives: the last one may never be sent.
  return `${data.tickets.total.toLocaleString('en-US')} tickets admitted so far, ${(bench.nextTicket - 1).toLocaleString('en-US')} scans prepared (warm-up and probe included; up to one a connection unsent at the end)`;
}

function feedSize(body: string): string {
  const rows = (JSON.parse(body) as { tickets: unknown[] }).tickets.length;
  return `${rows.toLocaleString('en-US')} tickets, ${Math.round(Buffer.byteLength(body) / 1024).toLocaleString('en-US')} KB as sent, ${Math.round(gzipSync(body).length / 1024).toLocaleString('en-US')} KB gzipped`;
}

/** `POST scan` loaded from `devices` devices at once. */
function scanScenario(devices: number, description: string): Scenario {
  return {
    name: `portal-device-scan-${devices}`,
    description,
    target: 'portal',
    connections: devices,
    prepare: ({ origin, organizer }) => registerDevices(origin, organizer),
    request: scanRequest,
    afterLoad: ({ origin, organizer }) => countRecorded(origin, organizer),
  };
}

/**
 * The physical minimum of a scan (targets/scan-baseline.ts) from `devices` devices: the same request, answered by
 * raw node:http with BEGIN, SELECT … FOR UPDATE, two INSERTs and COMMIT on the same database.
 */
function scanBaselineScenario(devices: number): Scenario {
  return {
    name: `scan-baseline-${devices}`,
    description: `raw node:http + the same database, the physical minimum of a scan (BEGIN; SELECT … FOR UPDATE the ticket; INSERT the admission; INSERT the scan log; COMMIT; own tables, pool of 20 on PostgreSQL) from ${devices} devices`,
    target: 'scan-baseline',
    connections: devices,
    prepare: async ({ origin }) => {
      if (baseline.origin !== origin) Object.assign(baseline, { origin, nextTicket: 1, connections: 0 });
    },
    request: () => ({
      method: 'POST',
      path: '/scan',
      headers: deviceHeaders('baseline-device-0'),
      body: baselineScanBody(),
      expectStatus: 200,
      check: (body) => body.includes('"admit":true') && body.includes('"reason":"ENTRY"'),
      setupRequest: (connection) => {
        connection.token ??= `baseline-device-${baseline.connections++ % DEVICES}`;
        return { headers: deviceHeaders(String(connection.token)), body: baselineScanBody() };
      },
    }),
  };
}

/** The scan scenarios and their baselines, each baseline just before the portal's figure it is compared with. */
export const SCAN_BASELINES: Record<string, string> = { 'portal-device-scan-4': 'scan-baseline-4', 'portal-device-scan-32': 'scan-baseline-32' };

export const deviceApiScenarios: Scenario[] = [
  scanBaselineScenario(4),
  scanScenario(4, `real server: POST /apis/hardware/v1/scan from 4 devices (one connection each), every scan a first entry of another of ${BULK_TICKETS.toLocaleString('en-US')} tickets`),
  scanBaselineScenario(32),
  scanScenario(32, 'the same from 32 devices'),
  {
    name: 'portal-device-sync-full',
    description: `real server: GET /apis/hardware/v1/sync, the full feed (every ticket valid today: ${BULK_TICKETS.toLocaleString('en-US')} and more), one device at a time`,
    target: 'portal',
    connections: 1,
    prepare: ({ origin, organizer }) => registerDevices(origin, organizer),
    request: () => ({
      method: 'GET',
      path: '/apis/hardware/v1/sync',
      headers: deviceHeaders(bench.tokens[0] ?? ''),
      expectStatus: 200,
      check: (body) => {
        bench.feedVersion = (JSON.parse(body) as { version: number }).version;
        return body.includes('"full":true');
      },
      note: feedSize,
    }),
  },
  {
    name: 'portal-device-sync-incremental',
    description: `GET /apis/hardware/v1/sync?since=<the full feed's version − ${INCREMENTAL_CHANGES.toLocaleString('en-US')}>: the last ${INCREMENTAL_CHANGES.toLocaleString('en-US')} changes, from 4 devices`,
    target: 'portal',
    connections: 4,
    prepare: ({ origin, organizer }) => registerDevices(origin, organizer),
    request: () => ({
      method: 'GET',
      path: `/apis/hardware/v1/sync?since=${Math.max(1, bench.feedVersion - INCREMENTAL_CHANGES)}`,
      headers: deviceHeaders(bench.tokens[0] ?? ''),
      expectStatus: 200,
      check: (body) => body.includes('"full":false'),
      note: feedSize,
    }),
  },
];
