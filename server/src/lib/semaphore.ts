/** At most `slots` tasks at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task, so `active` does not change.
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Tasks running and waiting (for tests and metrics). */
  get load() {
    return { active: this.active, waiting: this.waiting.length };
  }
}
