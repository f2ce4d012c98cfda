// The physical minimum of one gate scan, as a raw node:http server over the same database the portal uses: per
// request BEGIN; SELECT … FOR UPDATE of the ticket; INSERT the admission; INSERT the scan log; COMMIT — nothing
// else (no signature check, no rules, no framework). Its own throw-away tables (`bench_scan_*`, dropped first),
// PostgreSQL through a pg.Pool of the portal's size (BASELINE_DATABASE_URL), or PGlite in a folder of its own with
// the portal's start parameters (BASELINE_PGLITE_DIR: fsync on, one connection). The request is the portal's
// (a bearer token, `{"scanId","qr"}`): the ticket id is read from the QR's payload without checking its signature.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The portal's pool (server/src/db/client.ts). */
const POOL_SIZE = 20;
const TICKETS = Number(process.env.BASELINE_TICKETS ?? 200_000);

interface Session {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/** Runs `work` in one transaction on one connection. */
type InTransaction = <T>(work: (session: Session) => Promise<T>) => Promise<T>;

async function openPostgres(url: string): Promise<{ setup: Session; transaction: InTransaction }> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  return {
    setup: pool,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

async function openPglite(dir: string): Promise<{ setup: Session; transaction: InTransaction }> {
  // As server/src/db/client.ts opens it: fsync on.
  const startParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on'];
  const client = new PGlite(join(dir, 'pgdata'), { startParams });
  await client.waitReady;
  return {
    setup: client,
    // PGlite's transaction: BEGIN, the work, COMMIT on its one connection, other work queued behind it.
    transaction: (work) => client.transaction((tx) => work(tx)),
  };
}

const database = process.env.BASELINE_DATABASE_URL
  ? await openPostgres(process.env.BASELINE_DATABASE_URL)
  : await openPglite(process.env.BASELINE_PGLITE_DIR ?? '/tmp/portal-scan-baseline');

for (const statement of [
  'drop table if exists bench_scan_log, bench_scan_admissions, bench_scan_tickets',
  'create table bench_scan_tickets (id uuid primary key, holder_name text not null)',
  `create table bench_scan_admissions (id uuid primary key default gen_random_uuid(), ticket_id uuid not null, day date not null,
     at timestamptz not null, device_id uuid not null, scan_id text not null, unique (device_id, scan_id))`,
  `create table bench_scan_log (id uuid primary key default gen_random_uuid(), device_id uuid not null, scan_id text not null,
     ticket_id uuid, answer text not null, unique (device_id, scan_id))`,
  // The ids of the portal's bulk tickets (server/src/modules/seed/bulk-tickets.ts, bulkTicketId).
  `insert into bench_scan_tickets select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'Holder ' || n from generate_series(1, ${TICKETS}) n`,
  'analyze bench_scan_tickets',
  // The fill's WAL written out before the load, as the portal's seed is (its own start, closed with a checkpoint).
  'checkpoint',
]) {
  await database.setup.query(statement);
}

/** Each bearer token is one device (its id made up on first sight). */
const devices = new Map<string, string>();

function ticketIdOf(qr: string): string {
  const payload = JSON.parse(Buffer.from(qr.slice(0, qr.indexOf('.')), 'base64url').toString('utf8')) as { id: string };
  return payload.id;
}

async function scan(request: IncomingMessage, body: string, response: ServerResponse) {
  const token = request.headers.authorization ?? '';
  let deviceId = devices.get(token);
  if (!deviceId) devices.set(token, (deviceId = randomUUID()));
  const { scanId, qr } = JSON.parse(body) as { scanId: string; qr: string };
  const ticketId = ticketIdOf(qr);
  const at = new Date();
  const answer = await database.transaction(async (session) => {
    const { rows } = await session.query('select id, holder_name from bench_scan_tickets where id = $1 for update', [ticketId]);
    const ticket = rows[0];
    if (!ticket) return JSON.stringify({ scanId, admit: false, reason: 'UNKNOWN_TICKET' });
    await session.query('insert into bench_scan_admissions (ticket_id, day, at, device_id, scan_id) values ($1, $2, $3, $4, $5)', [
      ticketId,
      at.toISOString().slice(0, 10),
      at.toISOString(),
      deviceId,
      scanId,
    ]);
    const json = JSON.stringify({ scanId, admit: true, reason: 'ENTRY', ticket: { id: ticket.id, holderName: ticket.holder_name } });
    await session.query('insert into bench_scan_log (device_id, scan_id, ticket_id, answer) values ($1, $2, $3, $4)', [deviceId, scanId, ticketId, json]);
    return json;
  });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
  response.end(answer);
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    scan(request, Buffer.concat(chunks).toString('utf8'), response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`LISTENING ${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
