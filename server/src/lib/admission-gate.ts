import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import { AppError } from './app-error';
import type { Config } from '../config';
import type { AdmissionLedger } from './admission-ledger';

/** The header a waiting visitor's retry sends back, so that it keeps its place in the queue. */
export const QUEUE_TICKET_HEADER = 'x-portal-queue-ticket';

export interface AdmissionTiming {
  /** How long a request waits in the queue before it is answered with its place and a time to come back. */
  maxWaitMs: number;
  /** How often a waiting request asks whether its turn has come (a slot freed here wakes it at once). */
  pollMs: number;
  /** Slots held here are renewed this often (a third of the lease). */
  renewMs: number;
  /** The service time assumed until one has been measured, in seconds. */
  initialServiceSeconds: number;
}

/** The gate's timing from the configuration. */
export function admissionTiming(config: Config): AdmissionTiming {
  const leaseMs = config.ADMISSION_LEASE_SECONDS * 1000;
  return { maxWaitMs: config.ADMISSION_MAX_WAIT_SECONDS * 1000, pollMs: 100, renewMs: leaseMs / 3, initialServiceSeconds: 1 };
}

/** A mean that follows recent values: each new one counts for `weight`. */
class MovingAverage {
  constructor(
    private value: number,
    private readonly weight = 0.2,
  ) {}

  add(sample: number) {
    this.value += this.weight * (sample - this.value);
  }

  get current() {
    return this.value;
  }
}

/**
 * Admission control in front of the costly operations (application submit, photo upload, registration,
 * the /ticket look-up): at most a bounded number in flight per instance, the rest served in arrival order
 * from one queue (the ledger: Redis across instances). A request waits in the queue for at most
 * `maxWaitMs`; then, or at once when the queue is at its bound, it is refused with SERVER_BUSY, its
 * place (kept for the retry that sends the ticket back), and a wait estimated from the measured service
 * times — never held until a proxy times out.
 */
export class AdmissionGate {
  private readonly serviceSeconds: MovingAverage;
  /** Tickets admitted here, whose slots this instance renews. */
  private readonly admittedHere = new Set<string>();
  /**
   * Waiting requests of this instance by ticket, woken when a slot frees here. A Map keeps the order its keys
   * were first set in, so they ask the ledger again in their arrival order and the first of them takes the slot.
   */
  private readonly sleepers = new Map<string, () => void>();
  private readonly renewer: NodeJS.Timeout;

  constructor(
    private readonly ledger: AdmissionLedger,
    private readonly inFlightPerInstance: number,
    private readonly timing: AdmissionTiming,
  ) {
    this.serviceSeconds = new MovingAverage(timing.initialServiceSeconds);
    this.renewer = setInterval(() => void this.ledger.renew([...this.admittedHere]).catch(() => undefined), timing.renewMs);
    this.renewer.unref();
    void this.ledger.renew([]).catch(() => undefined);
  }

  /** Runs the task once admitted; the request's QUEUE_TICKET_HEADER names the place a previous refusal handed out. */
  async run<T>(request: { headers: IncomingHttpHeaders }, task: () => Promise<T>): Promise<T> {
    const ticket = request.headers[QUEUE_TICKET_HEADER];
    const admitted = await this.admit(typeof ticket === 'string' && TICKET.test(ticket) ? ticket : randomUUID());
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.serviceSeconds.add((performance.now() - started) / 1000);
      this.admittedHere.delete(admitted);
      // A lost leave is not a leaked slot: its lease lapses.
      await this.ledger.leave(admitted).catch(() => undefined);
      for (const wake of this.sleepers.values()) wake();
    }
  }

  private async admit(ticket: string): Promise<string> {
    try {
      return await this.waitForTurn(ticket);
    } finally {
      this.sleepers.delete(ticket);
    }
  }

  private async waitForTurn(ticket: string): Promise<string> {
    const deadline = performance.now() + this.timing.maxWaitMs;
    for (;;) {
      const entry = await this.ledger.enter(ticket, this.timing.maxWaitMs + this.timing.pollMs).catch(() => undefined);
      // The ledger cannot be reached: refuse for a short while rather than run unbounded.
      if (!entry) throw this.busy(0, this.inFlightPerInstance, undefined);
      if (entry.kind === 'admitted') {
        this.admittedHere.add(ticket);
        return ticket;
      }
      if (entry.kind === 'full') throw this.busy(entry.queued, this.inFlightPerInstance, undefined);
      const left = deadline - performance.now();
      if (left <= 0) {
        const refusal = this.busy(entry.ahead, entry.slots, ticket);
        // The place is kept until the retry comes (the wait and a margin for the way back); should the turn
        // have come in the meantime, the slot is taken rather than left to lapse.
        const last = await this.ledger.enter(ticket, (refusal.retryAfterSeconds ?? 1) * 1000 + this.timing.maxWaitMs).catch(() => undefined);
        if (last?.kind === 'admitted') {
          this.admittedHere.add(ticket);
          return ticket;
        }
        throw refusal;
      }
      await this.sleep(ticket, Math.min(left, this.timing.pollMs));
    }
  }

  private sleep(ticket: string, ms: number) {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.set(ticket, wake);
    });
  }

  /** Seconds until `ahead` earlier tickets have been served by `slots` slots, at the measured service time. */
  estimateSeconds(ahead: number, slots: number) {
    const rounds = Math.ceil((ahead + 1) / Math.max(1, slots));
    return Math.max(1, Math.ceil(rounds * this.serviceSeconds.current));
  }

  private busy(ahead: number, slots: number, ticket: string | undefined) {
    const seconds = this.estimateSeconds(ahead, slots);
    return new AppError('SERVER_BUSY', { seconds, ahead, ...(ticket ? { ticket } : {}) }).retryAfter(seconds);
  }

  load() {
    return this.ledger.load();
  }

  async close() {
    clearInterval(this.renewer);
    await this.ledger.close();
  }
}

const TICKET = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
