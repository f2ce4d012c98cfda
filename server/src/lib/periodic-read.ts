import { systemClock, type Clock } from './clock';

/**
 * A value read from its source at most once every `maxAgeMs`, for facts whose staleness costs speed and
 * never correctness (the planner's statistics that choose a keyword's index lookup). A failed read is not
 * kept: the next caller reads again.
 */
export class PeriodicRead<V> {
  private current: { readAt: number; value: Promise<V> } | undefined;

  constructor(
    private readonly read: () => Promise<V>,
    private readonly maxAgeMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  get(): Promise<V> {
    const now = this.clock.now();
    if (!this.current || now - this.current.readAt > this.maxAgeMs) {
      const current = { readAt: now, value: this.read() };
      this.current = current;
      current.value.catch(() => {
        if (this.current === current) this.current = undefined;
      });
    }
    return this.current.value;
  }

  /** Read again at the next call (the source just changed). */
  forget() {
    this.current = undefined;
  }
}
