import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';

/** A dependency the instance needs to serve requests; resolves when reachable, throws otherwise. */
export type ReadinessProbe = () => Promise<void>;

/** What the instance is doing with its life: set by the shutdown, read by readiness. */
export interface Lifecycle {
  draining: boolean;
  /**
   * The port is closing: a request that still arrives on an open keep-alive connection is answered 503
   * SERVER_BUSY with Retry-After (app.ts), never served half-way nor refused without saying when to come back.
   */
  closing: boolean;
}

/** A probe that does not answer within this time counts as unreachable (a hung Redis must not hang the check). */
const PROBE_TIMEOUT_MS = 2_000;

async function probeOutcome(probe: ReadinessProbe): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * - `/apis/health`: the database answers (the original check; start-up scripts and monitors poll it).
 * - `/apis/health/live`: the process answers at all (an orchestrator restarts it when this fails).
 * - `/apis/health/ready`: every dependency answers and the instance is not shutting down (a proxy or
 *   orchestrator sends it traffic only then; 503 while draining, so it can be taken out first).
 */
export async function registerHealthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle; probes: Record<string, ReadinessProbe>; lifecycle: Lifecycle }) {
  const { database, probes, lifecycle } = deps;

  app.get('/apis/health', async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  app.get('/apis/health/live', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/apis/health/ready', async (request, reply) => {
    const names = Object.keys(probes);
    const outcomes = await Promise.all(
      names.map((name) =>
        probeOutcome(probes[name]!).catch((error: unknown) => {
          request.log.error({ err: error, dependency: name }, 'readiness: dependency unreachable');
          return 'unavailable' as const;
        }),
      ),
    );
    const checks = Object.fromEntries(names.map((name, index) => [name, outcomes[index]]));
    const ready = !lifecycle.draining && outcomes.every((outcome) => outcome === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : lifecycle.draining ? 'draining' : 'unavailable', checks });
  });
}
