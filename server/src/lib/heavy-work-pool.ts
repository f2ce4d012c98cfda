import { fileURLToPath } from 'node:url';
import type { TransferListItem } from 'node:worker_threads';
import Piscina from 'piscina';

/** A pool thread's heap: past it the thread ends (the task fails), never the process. */
const THREAD_HEAP_MB = 192;
/** Tasks waiting for a thread; past it a new task is refused at once. */
const MAX_QUEUED_TASKS = 32;
/**
 * Tasks one thread runs at once. An import's reader waits most of its time for the main thread to take
 * its rows; meanwhile the thread builds export batches (short, synchronous tasks), so one long import
 * never holds the exports back.
 */
const TASKS_PER_THREAD = 4;

/**
 * Worker threads for work too heavy for the event loop (reading an uploaded spreadsheet, building an export's sheet batch by batch…): a small
 * pool, HEAVY_WORK_THREADS wide, since the same process answers the entrance gates. Each task names
 * its worker file, a plain .mjs beside its caller resolved from `import.meta.url` (as face.service.ts
 * does: the file runs as is under tsx, vitest and the production start). Threads start on demand and
 * end when idle.
 */
export class HeavyWorkPool {
  private readonly pool: Piscina;

  constructor(options: { threads: number }) {
    this.pool = new Piscina({
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 30_000,
      maxQueue: MAX_QUEUED_TASKS,
      concurrentTasksPerWorker: TASKS_PER_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
  }

  /** Runs the worker file's default export with `task`; `signal` ends the task (and its thread) early. */
  run<TResult>(worker: URL, task: unknown, options: { transferList?: TransferListItem[]; signal?: AbortSignal } = {}): Promise<TResult> {
    // Piscina would start new threads after destroy(): a closed pool takes no task (the portal is stopping).
    if (this.closing) return Promise.reject(new Error('the heavy-work pool is closed'));
    return this.pool.run(task, { filename: fileURLToPath(worker), transferList: options.transferList, signal: options.signal }) as Promise<TResult>;
  }

  private closing: Promise<void> | undefined;

  get closed(): boolean {
    return this.closing !== undefined;
  }

  /** Ends the threads (a running task fails); once, however often it is called. */
  close(): Promise<void> {
    this.closing ??= this.pool.destroy();
    return this.closing;
  }
}
