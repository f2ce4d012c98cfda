// @ts-check
/**
 * Schedules the calling worker thread below the event loop, so that the requests the main thread answers
 * (the gates, the viewers) get a core first while heavy work runs. Linux only: a thread's own nice value,
 * set through its thread id, which /proc/thread-self names; elsewhere, or where it is not allowed, the
 * thread keeps the process's priority. Plain JavaScript: worker threads load it without the TypeScript loader.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** How much lower than the event loop the worker threads run (nice 0–19; 19 is the lowest priority). */
export const WORKER_NICENESS = 10;

/** Lowers the priority of the calling thread to `niceness` (WORKER_NICENESS unless told). */
export function lowerThreadPriority(niceness = WORKER_NICENESS) {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) setPriority(threadId, niceness);
  } catch {
    // not Linux, or not allowed: the same priority as the event loop
  }
}
