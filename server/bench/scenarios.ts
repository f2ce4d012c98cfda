import type { CookieJar } from '../../e2e/support/api-session';
import { audienceListScenarios } from './audience-list';
import { badgeQueueScenarios } from './badge-queue';
import { activationCodeScenarios } from './activation-codes';
import { ticketListScenarios } from './ticket-list';
import { dashboardScenarios } from './dashboard';
import { deviceApiScenarios } from './device-api';

/** Which process a scenario loads: started once per run, shared by its scenarios. */
export type TargetName = 'node-http' | 'fastify' | 'portal';

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
}

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
    name: 'portal-health',
    description: 'real server: GET /apis/health (database ping)',
    target: 'portal',
    request: () => ({ method: 'GET', path: '/apis/health', expectStatus: 200 }),
  },
  {
    name: 'portal-graphql-viewer',
    description: 'real server: POST /apis/core/graphql `query { viewer { __typename } }` as the signed-in organizer',
    target: 'portal',
    request: ({ organizer }) => ({
      method: 'POST',
      path: '/apis/core/graphql',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        'x-portal-client': 'web',
        cookie: organizer.header(),
      },
      body: JSON.stringify({ query: 'query { viewer { __typename } }' }),
      expectStatus: 200,
      check: (body) => body.includes('"__typename":"Ouser"') && !body.includes('"errors"'),
    }),
  },
  // The organizers' approval list at 100,000 applications (bench/audience-list.ts).
  ...audienceListScenarios,
  // The organizers' badge queue at 20,000 badges (bench/badge-queue.ts).
  ...badgeQueueScenarios,
  // The project section's activation codes at 100,000 codes (bench/activation-codes.ts).
  ...activationCodeScenarios,
  // The ticket office's list at 100,000 tickets (bench/ticket-list.ts).
  ...ticketListScenarios,
  // The organizer's dashboard at 100,000 applications and 1,000,000 admissions (bench/dashboard.ts).
  ...dashboardScenarios,
  // The gates at 100,000 tickets: scans from 4 and 32 devices, the feed full and incremental (bench/device-api.ts).
  ...deviceApiScenarios,
];
