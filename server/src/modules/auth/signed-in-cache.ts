import { AnnouncedCache } from '../../lib/announced-cache';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { AccountViewer } from '../account/account.models';
import type { SessionRecord } from './session.service';

export interface SignedIn {
  viewer: AccountViewer;
  session: SessionRecord;
}

/** How long a resolved session is trusted without asking the store: the bound for a change nobody announced. */
export const SIGNED_IN_CACHE_TTL_MS = 5_000;

/**
 * The signed-in state of recent session keys, so that a request of a live session costs no round trip.
 * An entry drops at once when the bus announces that its session ended or its account changed (on any
 * instance), after SIGNED_IN_CACHE_TTL_MS otherwise (lib/announced-cache.ts has the rest of the rules).
 */
export class SignedInCache extends AnnouncedCache<SignedIn> {
  constructor(bus: InvalidationBus, ttlMs = SIGNED_IN_CACHE_TTL_MS) {
    super(bus, {
      ttlMs,
      maxEntries: 10_000,
      concerns: (change, sessionKey, signedIn) => (change.kind === 'session' ? change.key === sessionKey : change.kind === 'account' && change.key === signedIn.viewer.id),
    });
  }

  /** Keeps the entry's freshness and replaces its session record (its last-seen time moved). */
  replaceSession(sessionKey: string, session: SessionRecord) {
    this.replace(sessionKey, (signedIn) => ({ ...signedIn, session }));
  }
}
