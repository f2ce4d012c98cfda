import { Redis } from 'ioredis';

/**
 * What changed: a session ended (its store key), an account changed (its id: password, roles, disabled …),
 * an entrance device changed (its id: token, days, ticket kinds), or gates scanned (the instance's id: the
 * entrance room's figures are out of date; at most one a second per instance).
 */
const INVALIDATION_KINDS = ['session', 'account', 'device', 'gate'] as const;

export interface Invalidation {
  kind: (typeof INVALIDATION_KINDS)[number];
  key: string;
}

function isInvalidationKind(kind: string | undefined): kind is Invalidation['kind'] {
  return (INVALIDATION_KINDS as readonly (string | undefined)[]).includes(kind);
}

export type InvalidationListener = (change: Invalidation | 'everything') => void;

/**
 * Tells every instance of the portal that something an in-process cache may hold has changed, so that
 * the cache drops it at once. `everything` reaches the listeners when messages may have been missed (the
 * connection to the other instances was lost). Listeners on this instance hear a publication before
 * `publish` returns; the others within the bus's round trip.
 */
export interface InvalidationBus {
  /** Whether every instance that may serve a request hears what is published (else: do not cache). */
  readonly reachesEveryInstance: boolean;
  publish(change: Invalidation): Promise<void>;
  subscribe(listener: InvalidationListener): void;
  close(): Promise<void>;
}

/** One process (PGlite's data folder is locked to one): the listeners are called in place. */
export class LocalInvalidationBus implements InvalidationBus {
  protected readonly listeners: InvalidationListener[] = [];

  /** `onlyInstance`: no other process can serve this database (PGlite), so the local listeners are everyone. */
  constructor(private readonly onlyInstance: boolean) {}

  get reachesEveryInstance() {
    return this.onlyInstance;
  }

  async publish(change: Invalidation) {
    this.notify(change);
  }

  subscribe(listener: InvalidationListener) {
    this.listeners.push(listener);
  }

  protected notify(change: Invalidation | 'everything') {
    for (const listener of this.listeners) listener(change);
  }

  async close() {}
}

/**
 * Redis pub/sub between the instances that share REDIS_URL. A subscriber that lost its connection may
 * have missed messages: while it is down the bus says it reaches no one (caches stand aside), and when it
 * is back every listener hears `everything`.
 */
export class RedisInvalidationBus extends LocalInvalidationBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private started = false;
  /** True once Redis confirmed the subscription on the current connection. */
  private listening = false;

  constructor(url: string, prefix = 'portal:') {
    super(true);
    this.channel = `${prefix}invalidate`;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => {
      const [kind, ...key] = message.split(':');
      if (isInvalidationKind(kind)) this.notify({ kind, key: key.join(':') });
    });
    this.subscriber.on('close', () => {
      this.listening = false;
      this.notify('everything');
    });
    // Reconnected: caches stand aside until Redis confirms the subscription again, then start empty.
    this.subscriber.on('ready', () => {
      if (this.started) void this.listen().catch(() => undefined);
    });
    this.subscriber.on('error', () => undefined);
  }

  override get reachesEveryInstance() {
    return this.listening && this.subscriber.status === 'ready';
  }

  /** Resolves once the subscription is active: before that, caches stand aside. */
  async start() {
    this.started = true;
    await this.listen();
  }

  private async listen() {
    await this.subscriber.subscribe(this.channel);
    this.listening = true;
    this.notify('everything');
  }

  override async publish(change: Invalidation) {
    this.notify(change);
    // Redis writes the message to every subscriber's socket before it answers.
    await this.publisher.publish(this.channel, `${change.kind}:${change.key}`);
  }

  override async close() {
    this.subscriber.disconnect();
    await this.publisher.quit();
  }
}

/**
 * Redis when REDIS_URL is set; else this process alone — which reaches every instance only on PGlite,
 * whose data folder one process holds (PostgreSQL without Redis may have other instances we cannot tell).
 */
export async function openInvalidationBus(options: { redisUrl?: string; prefix?: string; onlyInstance: boolean }): Promise<InvalidationBus> {
  if (!options.redisUrl) return new LocalInvalidationBus(options.onlyInstance);
  const bus = new RedisInvalidationBus(options.redisUrl, options.prefix);
  try {
    await bus.start();
  } catch (error) {
    await bus.close();
    throw error;
  }
  return bus;
}
