/**
 * The time source of rules with deadlines and expiry. Injected so that tests can move time: the
 * database's now() and the store's TTLs follow their own clocks, which a fake timer cannot move.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
