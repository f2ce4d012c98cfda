import type { Invalidation, InvalidationBus } from './invalidation-bus';

interface Entry<V> {
  value: V;
  /** Date.now() after which the entry is read again from its source. */
  freshUntil: number;
}

/**
 * An in-process cache of rows that every instance may change, kept honest by the invalidation bus:
 * an entry drops at once when an announcement (from any instance) concerns it, after `ttlMs` otherwise
 * (the bound for a change nobody announced), and every entry drops when the bus may have missed a
 * message. A load that overlapped an announcement is not kept (it may have read the old state). When the
 * bus cannot reach every instance (PostgreSQL without Redis), nothing is cached.
 */
export class AnnouncedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by every announcement: a load that began under an older generation is not stored. */
  private generation = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      /** Whether an announcement concerns the entry under `key`. */
      concerns: (change: Invalidation, key: string, value: V) => boolean;
    },
  ) {
    bus.subscribe((change) => {
      this.generation++;
      if (change === 'everything') this.entries.clear();
      else for (const [key, entry] of this.entries) if (options.concerns(change, key, entry.value)) this.entries.delete(key);
    });
  }

  /** The generation to hand back to `set` for a load that starts now. */
  currentGeneration() {
    return this.generation;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || !this.bus.reachesEveryInstance) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, loadedUnder: number, now: number) {
    if (loadedUnder !== this.generation || !this.bus.reachesEveryInstance) return;
    // Oldest first in a Map: a full cache forgets its oldest entry.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, freshUntil: now + this.options.ttlMs });
  }

  /** Keeps the entry's freshness and replaces its value (a part that moves without an announcement). */
  replace(key: string, update: (value: V) => V) {
    const entry = this.entries.get(key);
    if (entry) this.entries.set(key, { ...entry, value: update(entry.value) });
  }

  /** Loads through the cache: a fresh entry, or `load()` stored under the generation it began in. */
  async through(key: string, now: number, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.get(key, now);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined) this.set(key, value, generation, now);
    return value;
  }
}
