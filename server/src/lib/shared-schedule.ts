import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ExpiringStore } from './expiring-store';

/** How often each instance asks whether a task is due (the lease decides which instance runs it). */
const DEFAULT_TICK_MS = 60_000;

/**
 * Periodic work that must run once per period for the whole deployment, not once per instance
 * (retention erasure, sweeps): at each tick an instance tries to take the period's lease in the shared
 * store (`setIfAbsent` with the period as its time to live); the one that gets it runs the task. An
 * instance that dies mid-run leaves the lease to expire: the next period runs as usual.
 */
export class SharedSchedule {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly instance = randomUUID();

  constructor(
    private readonly store: ExpiringStore,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Runs `task` now when due and then once every `periodMs` across every instance sharing the store. */
  every(name: string, periodMs: number, task: () => Promise<void>, options: { tickMs?: number } = {}) {
    const tick = async () => {
      try {
        if (await this.store.setIfAbsent(`schedule:${name}`, this.instance, Math.max(1, Math.round(periodMs / 1000)))) await task();
      } catch (error) {
        this.logger.error({ err: error, task: name }, 'scheduled task failed');
      }
    };
    void tick();
    const timer = setInterval(() => void tick(), Math.min(periodMs, options.tickMs ?? DEFAULT_TICK_MS));
    timer.unref();
    this.timers.add(timer);
  }

  stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }
}
