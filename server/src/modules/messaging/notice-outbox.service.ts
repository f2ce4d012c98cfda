import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { OutgoingMessage } from './message-channel';
import type { Messenger } from './messenger.service';
import * as repository from './notice.repository';

const BATCH = 20;
const LEASE_SECONDS = 120;
const POLL_MS = 5_000;
/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min … capped at an hour; then given up. */
const MAX_ATTEMPTS = 12;
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * Notices that must not be lost (review outcomes): written by the deciding transaction with `enqueue`,
 * delivered here after the commit, retried with back-off until the carrier accepts them, marked sent.
 * Delivery is at least once per decision and channel: a process that dies after the carrier accepted
 * a message but before marking it sends it again when the lease ends (no carrier offers idempotency).
 */
export class NoticeOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly messenger: Pick<Messenger, 'deliver'>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Writes notices inside the caller's transaction; the same key twice is one notice. */
  enqueue(tx: Executor, items: ReadonlyArray<{ dedupeKey: string; message: OutgoingMessage }>) {
    return repository.insertNotices(tx, items);
  }

  /** Delivers what is due now, and then every few seconds. */
  start() {
    this.kick();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Starts a delivery round unless one is running (called after a commit that enqueued notices). */
  kick() {
    this.running ??= this.deliverDue()
      .catch((error: unknown) => this.logger.error({ err: error }, 'notice delivery round failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Waits for a running round, then runs one more, so that everything committed before the call is tried (tests, shutdown). */
  async drain() {
    await this.running;
    await this.kick();
  }

  private async deliverDue() {
    for (;;) {
      const batch = await repository.leaseDueNotices(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return;
      for (const notice of batch) await this.deliverOne(notice);
    }
  }

  private async deliverOne(notice: repository.NoticeRow) {
    try {
      await this.messenger.deliver(notice.message);
      await repository.markSent(this.db, notice.id);
    } catch (error) {
      const retry = notice.attempts >= MAX_ATTEMPTS ? null : retryDelaySeconds(notice.attempts);
      this.logger.error({ err: error, notice: notice.dedupeKey, attempts: notice.attempts, retryInSeconds: retry }, 'notice not delivered');
      await repository.markFailed(this.db, notice.id, error instanceof Error ? error.message : String(error), retry);
    }
  }
}
