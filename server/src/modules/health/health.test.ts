import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A GraphQL POST whose body arrives in two parts: in flight until `finish` is called; `arrived` once the server has it. */
function slowGraphQLRequest(app: TestApp) {
  const baseUrl = app.baseUrl;
  const arrived = new Promise<void>((resolve) => app.portal.app.server.once('request', () => resolve()));
  const body = JSON.stringify({ query: '{ project { setting { audienceRegOpen } } }' });
  const half = Math.floor(body.length / 2);
  const url = new URL('/apis/core/graphql', baseUrl);
  const outgoing = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    outgoing.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
  });
  outgoing.write(body.slice(0, half));
  return { answer, arrived, finish: () => outgoing.end(body.slice(half)) };
}

/** Whether a new TCP connection to the server is accepted (fetch would reuse a pooled one). */
function acceptsConnections(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('health: live and ready', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers live, and ready with each dependency it needs', async () => {
    const live = await app.client().fetch('/apis/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await app.client().fetch('/apis/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', files: 'ok', ...(process.env.REDIS_URL ? { redis: 'ok' } : {}) },
    });
  });
});

describe('health: a dependency down', () => {
  const folder = mkdtempSync(join(tmpdir(), 'health-'));
  let app: TestApp;
  beforeAll(async () => {
    // The local file store is the folder DATA_DIR/files: a plain file in its place makes it unreachable.
    writeFileSync(join(folder, 'files'), 'not a folder');
    app = await createTestApp({ DATA_DIR: folder });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is live but not ready, and names the dependency', async () => {
    expect((await app.client().fetch('/apis/health/live')).status).toBe(200);
    const ready = await app.client().fetch('/apis/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', files: 'unavailable' } });
    // The original check (the database only) still answers as it did.
    expect((await app.client().fetch('/apis/health')).status).toBe(200);
  });
});

// Each test starts its own server (PGlite's start-up is seconds on a loaded machine).
describe('graceful shutdown', { timeout: 90_000 }, () => {
  it('turns not-ready, finishes the request in flight, then stops listening', async () => {
    // A drain long enough for the checks below on a loaded machine; the end of it is awaited, not timed.
    const app = await createTestApp({ SHUTDOWN_DRAIN_SECONDS: '4', SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const inFlight = slowGraphQLRequest(app);
    await inFlight.arrived;
    const closed = app.close();
    // During the drain: still serving, but readiness says to send nothing new.
    const ready = await fetch(`${app.baseUrl}/apis/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`${app.baseUrl}/apis/health/live`)).status).toBe(200);
    // After the drain the port is closed to new connections; the request in flight is still served.
    await expect.poll(() => acceptsConnections(app.baseUrl)).toBe(false);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ data: { project: { setting: { audienceRegOpen: expect.any(Boolean) } } } });
    await closed;
    expect(await app.portal.close()).toBe(true);
  });

  it('tells a request that comes on an open connection while it closes to come back, with Retry-After, and does nothing of it', async () => {
    const app = await createTestApp({ SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const { hostname, port } = new URL(app.baseUrl);
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    await new Promise((resolve) => socket.once('connect', resolve));
    const post = (query: string) => {
      const body = JSON.stringify({ query });
      return `POST /apis/core/graphql HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\naccept-language: en-US\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    // The first request is in flight (half its body sent) when the instance starts closing; the second follows it on
    // the same keep-alive connection, as a proxy's pooled connection would carry it.
    const first = post('{ project { setting { audienceRegOpen } } }');
    const arrived = new Promise<void>((resolve) => app.portal.app.server.once('request', () => resolve()));
    socket.write(first.slice(0, first.length - 5));
    await arrived;
    const closed = app.close();
    socket.write(first.slice(first.length - 5) + post('mutation { signOut }'));
    await new Promise((resolve) => socket.once('close', resolve));
    await closed;
    const [firstAnswer, secondAnswer = ''] = received.split(/(?=HTTP\/1\.1 )/);
    expect(firstAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(secondAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(secondAnswer).toMatch(/\r\nretry-after: 1\r\n/i);
    const answer = JSON.parse(secondAnswer.slice(secondAnswer.indexOf('\r\n\r\n') + 4)) as { errors: Array<{ message: string; extensions: { code: string; params: { seconds: number } } }> };
    expect(answer.errors[0]).toMatchObject({ extensions: { code: 'SERVER_BUSY', params: { seconds: 1 } } });
    expect(answer.errors[0]?.message).not.toMatch(/SERVER_BUSY/);
    expect(await app.portal.close()).toBe(true);
  });

  it('cuts a request that does not finish within the bound', async () => {
    const app = await createTestApp({ SHUTDOWN_TIMEOUT_SECONDS: '0.5' });
    const stuck = slowGraphQLRequest(app);
    const outcome = stuck.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await stuck.arrived;
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await app.portal.close()).toBe(false);
    expect(await outcome).toBe('cut');
  });
});
