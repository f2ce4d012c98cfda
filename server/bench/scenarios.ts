import type { CookieJar } from '../../e2e/support/api-session';
import { audienceListScenarios } from './audience-list';
import { badgeQueueScenarios } from './badge-queue';
import { activationCodeScenarios } from './activation-codes';
import { ticketListScenarios } from './ticket-list';
import { dashboardScenarios } from './dashboard';
import { deviceApiScenarios } from './device-api';

/** Which process a scenario loads: started once per run, shared by its scenarios. */
export type TargetName = 'node-http' | 'fastify' | 'node-http-post' | 'fastify-post' | 'portal' | 'scan-baseline';

export interface ScenarioContext {
  /** The organizer's session on the portal (demo admin, signed in through the captcha). */
  organizer: CookieJar;
}

export interface ScenarioRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Checked once before the load: the answer must have this status and pass `check`. */
  expectStatus: number;
  check?: (body: string) => boolean;
  /** A line for the report from the probe's answer (e.g. its size). */
  note?: (body: string) => string;
  /**
   * Makes every request of the load anew (a new scan id each time): `connection` is the autocannon
   * connection's own object (e.g. which device it plays).
   */
  setupRequest?: (connection: Record<string, unknown>) => { headers?: Record<string, string>; body?: string };
}

export interface Scenario {
  /** Stable id, the key in latest.json. */
  name: string;
  description: string;
  target: TargetName;
  request: (context: ScenarioContext) => ScenarioRequest;
  /** Runs once before the scenario's load (e.g. fills the data it lists). */
  prepare?: (context: ScenarioContext & { origin: string }) => Promise<void>;
  /** Concurrent connections (devices, users) instead of BENCH_CONNECTIONS. */
  connections?: number;
  /** Runs once after the load; its answer (e.g. what was recorded) goes to the report. */
  afterLoad?: (context: ScenarioContext & { origin: string }) => Promise<string>;
  /** The demo seed's bulk fills the scenario needs (their sizes come from the environment its file sets). */
  bulkData?: readonly BulkData[];
}

/** The demo seed's bulk fills (server/src/config.ts): minutes each, so a portal target fills only the ones its scenarios need. */
export type BulkData = 'DEMO_BULK_AUDIENCES' | 'DEMO_BULK_ADMISSIONS' | 'DEMO_BULK_BADGES' | 'DEMO_BULK_TICKETS' | 'DEMO_GATE_DAY_TODAY';

function needing(bulkData: readonly BulkData[], list: readonly Scenario[]): Scenario[] {
  return list.map((scenario) => ({ ...scenario, bulkData }));
}

/** The DEMO_BULK_* environment of a portal target: the fills the selected scenarios need, the others off. */
export function bulkDataOf(selected: readonly Scenario[]): Record<string, string> {
  const needed = new Set(selected.flatMap((scenario) => scenario.bulkData ?? []));
  const all: BulkData[] = ['DEMO_BULK_AUDIENCES', 'DEMO_BULK_ADMISSIONS', 'DEMO_BULK_BADGES', 'DEMO_BULK_TICKETS', 'DEMO_GATE_DAY_TODAY'];
  return Object.fromEntries(all.map((name) => [name, needed.has(name) ? (process.env[name] ?? '0') : name === 'DEMO_GATE_DAY_TODAY' ? 'false' : '0']));
}

/** The signed-in organizer's `viewer { __typename }`: the cheapest request that passes the whole signed-in path. */
function viewerRequest(organizer: CookieJar): ScenarioRequest {
  return viewerShapedRequest(organizer.header());
}

/** The viewer request with a given Cookie header (the route-shape baselines send a session cookie of the same size). */
function viewerShapedRequest(cookie: string): ScenarioRequest {
  return {
    method: 'POST',
    path: '/apis/core/graphql',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'x-portal-client': 'web',
      cookie,
    },
    body: JSON.stringify({ query: 'query { viewer { __typename } }' }),
    expectStatus: 200,
    check: (body) => body.includes('"__typename":"Ouser"') && !body.includes('"errors"'),
  };
}

/** A session cookie of the portal's size (`sid=` and 32 random bytes in base64url) for the route-shape baselines. */
const baselineSessionCookie = `sid=${'x'.repeat(43)}`;

/** The baseline every ratio is computed against. */
export const baselineName = 'node-http-hello';

/**
 * The scenarios of one `npm run bench`, in order. Append new ones here (a list endpoint at 100,000
 * rows, an upload, …); each names the target it loads and the request it repeats.
 */
export const scenarios: Scenario[] = [
  {
    name: baselineName,
    description: 'raw node:http hello-world (JSON)',
    target: 'node-http',
    request: () => ({ method: 'GET', path: '/', expectStatus: 200 }),
  },
  {
    name: 'fastify-hello',
    description: 'plain Fastify 5 route, no plugins (baseline of the framework)',
    target: 'fastify',
    request: () => ({ method: 'GET', path: '/hello', expectStatus: 200 }),
  },
  {
    name: 'node-http-viewer-shape',
    description: "raw node:http answering the viewer request's shape (JSON POST, cookie; constant answer of its size and headers): the ceiling of a JSON POST route",
    target: 'node-http-post',
    request: () => viewerShapedRequest(baselineSessionCookie),
  },
  {
    name: 'fastify-viewer-shape',
    description: "plain Fastify 5 answering the viewer request's shape (its router and JSON body parser, no plugins)",
    target: 'fastify-post',
    request: () => viewerShapedRequest(baselineSessionCookie),
  },
  {
    name: 'portal-health',
    description: 'real server: GET /apis/health (database ping)',
    target: 'portal',
    request: () => ({ method: 'GET', path: '/apis/health', expectStatus: 200 }),
  },
  {
    name: 'portal-graphql-viewer',
    description: 'real server: POST /apis/core/graphql `query { viewer { __typename } }` as the signed-in organizer',
    target: 'portal',
    request: ({ organizer }) => viewerRequest(organizer),
  },
  {
    name: 'portal-graphql-viewer-32',
    description: 'the same viewer query from 32 connections (the goal: ≥ 50 % of node:http, p99 ≤ 10 ms)',
    target: 'portal',
    connections: 32,
    request: ({ organizer }) => viewerRequest(organizer),
  },
  // The organizers' approval list at 100,000 applications (bench/audience-list.ts).
  ...needing(['DEMO_BULK_AUDIENCES'], audienceListScenarios),
  // The organizers' badge queue at 20,000 badges (bench/badge-queue.ts).
  ...needing(['DEMO_BULK_BADGES'], badgeQueueScenarios),
  // The project section's activation codes at 100,000 codes (bench/activation-codes.ts).
  ...activationCodeScenarios,
  // The ticket office's list at 100,000 tickets (bench/ticket-list.ts).
  ...ticketListScenarios,
  // The organizer's dashboard at 100,000 applications and 1,000,000 admissions (bench/dashboard.ts).
  ...needing(['DEMO_BULK_AUDIENCES', 'DEMO_BULK_ADMISSIONS'], dashboardScenarios),
  // The gates at 100,000 tickets: scans from 4 and 32 devices, the feed full and incremental (bench/device-api.ts).
  ...needing(['DEMO_BULK_TICKETS', 'DEMO_GATE_DAY_TODAY'], deviceApiScenarios),
];
