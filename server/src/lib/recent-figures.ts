import type { Clock } from './clock';

/**
 * The latest run of a computation, per key, while it is fresh (a failed run is not kept): figures that are
 * the same for everyone who may see them are computed once per interval, and simultaneous asks share the
 * run (the dashboard's parts, the entrance room's snapshot).
 */
export class RecentFigures<T> {
  private readonly runs = new Map<string, { startedAt: number; figures: Promise<T> }>();

  constructor(
    private readonly clock: Clock,
    private readonly freshMs: number,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const recent = this.runs.get(key);
    if (recent && now - recent.startedAt < this.freshMs) return recent.figures;
    const figures = compute();
    this.runs.set(key, { startedAt: now, figures });
    figures.catch(() => this.runs.delete(key));
    return figures;
  }

  /** The next `get` runs the computation again. */
  forget(key: string) {
    this.runs.delete(key);
  }
}
