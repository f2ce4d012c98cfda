/**
 * How many exports each user may have running at once in this process. An export holds a database
 * cursor's worth of rows, a deflate stream and a client's connection for as long as the client reads;
 * the limit keeps one user's repeated clicks from taking the process that also answers the gates
 * (docs/decisions/0612-exports-formula-neutralisation-a-lean-streaming-xlsx-writer.md). Per process on purpose: that is the
 * resource the limit protects, and a slot can never outlive the process that holds it.
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();

  constructor(readonly perOwner: number) {}

  /** Whether `owner` could take a slot now (an export's check before the browser downloads it). */
  available(owner: string): boolean {
    return (this.running.get(owner) ?? 0) < this.perOwner;
  }

  /** Takes a slot for `owner`: the function that gives it back (once), or undefined when all are taken. */
  take(owner: string): (() => void) | undefined {
    const count = this.running.get(owner) ?? 0;
    if (count >= this.perOwner) return undefined;
    this.running.set(owner, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(owner) ?? 1) - 1;
      if (left > 0) this.running.set(owner, left);
      else this.running.delete(owner);
    };
  }
}
