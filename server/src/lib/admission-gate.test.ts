import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { AdmissionGate, QUEUE_TICKET_HEADER } from './admission-gate';
import { LocalAdmissionLedger, RedisAdmissionLedger, type AdmissionLedger, type LedgerBounds } from './admission-ledger';

const redisUrl = process.env.REDIS_URL;
const timing = { maxWaitMs: 300, pollMs: 20, renewMs: 100, initialServiceSeconds: 1 };

/** A ledger of each kind this run can open: in process always, Redis when REDIS_URL is set. */
type OpenLedger = (bounds: LedgerBounds, prefix: string, instance: string) => AdmissionLedger;
const kinds: Array<[string, OpenLedger]> = [['in process', (bounds) => new LocalAdmissionLedger(bounds)]];
if (redisUrl) kinds.push(['Redis', (bounds, prefix, instance) => new RedisAdmissionLedger(redisUrl, prefix, instance, bounds)]);

function latch() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const noTicket = { headers: {} };

describe.each(kinds)('the admission gate (%s)', (_kind, open) => {
  const opened: AdmissionGate[] = [];
  afterEach(async () => {
    for (const gate of opened.splice(0)) await gate.close();
  });

  function gate(bounds: LedgerBounds, prefix: string, instance = 'one') {
    const made = new AdmissionGate(open(bounds, prefix, instance), bounds.inFlightPerInstance, timing);
    opened.push(made);
    return made;
  }

  it('answers a request that waited its bound with its place and an estimate, and the retry with the ticket keeps that place', async () => {
    const admission = gate({ inFlightPerInstance: 1, queue: 10, leaseMs: 10_000 }, `gate-test-${randomBytes(4).toString('hex')}:`);
    const hold = latch();
    const order: string[] = [];
    const first = admission.run(noTicket, async () => {
      order.push('first');
      await hold.opened;
    });
    const refusal = await admission.run(noTicket, async () => order.push('never')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const { code, params, retryAfterSeconds } = refusal as AppError;
    expect(code).toBe('SERVER_BUSY');
    expect(params).toMatchObject({ ahead: 0, seconds: retryAfterSeconds });
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // A newcomer queues behind the kept place; the retry with the ticket goes first when the slot frees.
    const newcomer = admission.run(noTicket, async () => order.push('newcomer'));
    await vi.waitFor(async () => expect((await admission.load()).queued).toBe(2), { timeout: 5_000, interval: 10 });
    const retry = admission.run({ headers: { [QUEUE_TICKET_HEADER]: String(params.ticket) } }, async () => order.push('retry'));
    hold.open();
    await Promise.all([first, retry, newcomer]);
    expect(order).toEqual(['first', 'retry', 'newcomer']);
  });

  it('refuses at once when the queue is at its bound, with no place to keep', async () => {
    const admission = gate({ inFlightPerInstance: 1, queue: 0, leaseMs: 10_000 }, `gate-test-${randomBytes(4).toString('hex')}:`);
    const hold = latch();
    const running = admission.run(noTicket, () => hold.opened);
    const refusal = (await admission.run(noTicket, async () => undefined).catch((error: unknown) => error)) as AppError;
    expect(refusal.code).toBe('SERVER_BUSY');
    expect(refusal.params.ticket).toBeUndefined();
    hold.open();
    await running;
  });

  it('estimates the wait from the measured service times, not from a constant', async () => {
    const admission = gate({ inFlightPerInstance: 2, queue: 10, leaseMs: 10_000 }, `gate-test-${randomBytes(4).toString('hex')}:`);
    // Until something is measured: 1 s a task; ten ahead of two slots are five rounds.
    expect(admission.estimateSeconds(9, 2)).toBe(5);
    for (let task = 0; task < 30; task += 1) await admission.run(noTicket, async () => undefined);
    // Tasks of a few milliseconds: the five rounds take well under a second, the estimate its floor.
    expect(admission.estimateSeconds(9, 2)).toBe(1);
  });
});

describe.skipIf(!redisUrl)('the admission ledger in Redis', () => {
  it('bounds two instances together: each runs at most its slots, and the one queue serves them in arrival order', async () => {
    const prefix = `gate-test-${randomBytes(4).toString('hex')}:`;
    const bounds = { inFlightPerInstance: 1, queue: 20, leaseMs: 10_000 };
    const gates = ['one', 'two'].map((instance) => new AdmissionGate(new RedisAdmissionLedger(redisUrl!, prefix, instance, bounds), 1, { ...timing, maxWaitMs: 10_000 }));
    const running = [0, 0];
    const most = [0, 0];
    const started: number[] = [];
    const hold = latch();
    try {
      // Both instances announce themselves before the rush (the ledger counts the live ones' slots).
      await Promise.all(gates.map((gate) => gate.load()));
      const task = (instance: number, arrival: number) => async () => {
        running[instance] = (running[instance] ?? 0) + 1;
        most[instance] = Math.max(most[instance] ?? 0, running[instance] ?? 0);
        started.push(arrival);
        await hold.opened;
        running[instance] = (running[instance] ?? 0) - 1;
      };
      const runs: Array<Promise<void>> = [];
      // Arrivals alternate between the instances, each one queued before the next arrives.
      for (let arrival = 0; arrival < 8; arrival += 1) {
        const instance = arrival % 2;
        runs.push(gates[instance]!.run(noTicket, task(instance, arrival)));
        await vi.waitFor(async () => expect(started.length + (await gates[0]!.load()).queued).toBe(arrival + 1), { timeout: 5_000, interval: 10 });
      }
      expect(started).toEqual([0, 1]);
      hold.open();
      await Promise.all(runs);
      expect(most).toEqual([1, 1]);
      // In arrival order, up to the round: the two slots freed at once go to the next two arrivals, which start
      // in whichever order their instances ask; no arrival overtakes one that came two or more before it.
      expect(started).toHaveLength(8);
      started.forEach((arrival, position) => expect(Math.abs(position - arrival)).toBeLessThanOrEqual(1));
    } finally {
      for (const gate of gates) await gate.close();
    }
  });

  it('frees the slots of an instance that died when their lease lapses', async () => {
    const prefix = `gate-test-${randomBytes(4).toString('hex')}:`;
    const bounds = { inFlightPerInstance: 2, queue: 10, leaseMs: 300 };
    const dead = new RedisAdmissionLedger(redisUrl!, prefix, 'dead', bounds);
    const alive = new RedisAdmissionLedger(redisUrl!, prefix, 'alive', bounds);
    try {
      expect(await dead.enter('00000000-0000-4000-8000-000000000001', 1000)).toEqual({ kind: 'admitted' });
      expect(await dead.enter('00000000-0000-4000-8000-000000000002', 1000)).toEqual({ kind: 'admitted' });
      expect(await alive.load()).toEqual({ inFlight: 2, queued: 0 });
      // The dead instance never renews nor leaves: its slots lapse by themselves.
      await vi.waitFor(async () => expect(await alive.load()).toEqual({ inFlight: 0, queued: 0 }), { timeout: 5_000, interval: 50 });
      expect(await alive.enter('00000000-0000-4000-8000-000000000003', 1000)).toEqual({ kind: 'admitted' });
    } finally {
      await dead.close();
      await alive.close();
    }
  });
});
