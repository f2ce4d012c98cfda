/**
 * The time source of the sign-in rules. Injected so that tests can move time for expiry checks:
 * the shared store's own TTLs follow the database or Redis clock, which a fake timer cannot move.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
