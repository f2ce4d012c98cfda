import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { AccountViewer } from '../account/account.models';
import type { SessionRecord } from './session.service';

export interface SignedIn {
  viewer: AccountViewer;
  session: SessionRecord;
}

interface Entry extends SignedIn {
  /** Date.now() after which the entry is read again from the store and the database. */
  freshUntil: number;
}

/** How long a resolved session is trusted without asking the store: the bound for a change nobody announced. */
export const SIGNED_IN_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The signed-in state of recent session keys, so that a request of a live session costs no round trip.
 * Entries drop at once when the bus announces that their session ended or their account changed (on any
 * instance), after SIGNED_IN_CACHE_TTL_MS otherwise, and all of them when the bus may have missed a
 * message. A load that overlapped an announcement is not kept (it may have read the old state). When
 * the bus cannot reach every instance (PostgreSQL without Redis), nothing is cached.
 */
export class SignedInCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every announcement: a load that began under an older generation is not stored. */
  private generation = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly ttlMs = SIGNED_IN_CACHE_TTL_MS,
  ) {
    bus.subscribe((change) => {
      this.generation++;
      if (change === 'everything') this.entries.clear();
      else if (change.kind === 'session') this.entries.delete(change.key);
      else for (const [key, entry] of this.entries) if (entry.viewer.id === change.key) this.entries.delete(key);
    });
  }

  /** The generation to hand back to `set` for a load that starts now. */
  currentGeneration() {
    return this.generation;
  }

  get(sessionKey: string, now: number): SignedIn | undefined {
    const entry = this.entries.get(sessionKey);
    if (!entry) return undefined;
    if (entry.freshUntil <= now || !this.bus.reachesEveryInstance) {
      this.entries.delete(sessionKey);
      return undefined;
    }
    return entry;
  }

  set(sessionKey: string, signedIn: SignedIn, loadedUnder: number, now: number) {
    if (loadedUnder !== this.generation || !this.bus.reachesEveryInstance) return;
    // Oldest first in a Map: a full cache forgets its oldest entry.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(sessionKey, { ...signedIn, freshUntil: now + this.ttlMs });
  }

  /** Keeps the entry's freshness and replaces its session record (its last-seen time moved). */
  replaceSession(sessionKey: string, session: SessionRecord) {
    const entry = this.entries.get(sessionKey);
    if (entry) this.entries.set(sessionKey, { ...entry, session });
  }
}
