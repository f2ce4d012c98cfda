/**
 * The waiting room (docs/decisions/0807-admission-control.md): while the server's admission control has
 * refused a costly operation with SERVER_BUSY, the page stays as it is (the form keeps what was entered),
 * the waiting room shows the place in the queue and the wait, and the operation is sent again by itself
 * with the queue ticket, which keeps its place.
 */
export interface WaitingRoomState {
  /** When the operation is sent again (ms since the epoch). */
  until: number;
  /** Requests before this one in the queue. */
  ahead: number;
}

/** The header that hands the server back the place of the previous refusal (the server's QUEUE_TICKET_HEADER). */
export const QUEUE_TICKET_HEADER = 'x-portal-queue-ticket';

const waiting = new Map<number, WaitingRoomState>();
const listeners = new Set<() => void>();
let shown: WaitingRoomState | undefined;
let nextId = 0;

function changed() {
  // The operation that waits longest speaks for all (one screen rarely sends two at once).
  shown = [...waiting.values()].sort((a, b) => b.until - a.until)[0];
  for (const listener of listeners) listener();
}

export function subscribeToWaitingRoom(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function waitingRoomState(): WaitingRoomState | undefined {
  return shown;
}

/** What a SERVER_BUSY refusal said: the wait, the place and the ticket that keeps it (none when the queue was full). */
export interface BusyRefusal {
  seconds: number;
  ahead: number;
  ticket: string | undefined;
}

function delay(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * Sends until the server takes the operation: after each busy refusal (`busyOf` reads it from the error) the
 * waiting room shows the wait, and the next try carries the ticket. Any other answer ends it as it is.
 */
export async function sendThroughWaitingRoom<T>(
  send: (ticket: string | undefined) => Promise<T>,
  busyOf: (error: unknown) => BusyRefusal | undefined,
  signal?: AbortSignal,
): Promise<T> {
  const id = nextId++;
  let ticket: string | undefined;
  try {
    for (;;) {
      try {
        return await send(ticket);
      } catch (error) {
        const busy = busyOf(error);
        if (!busy) throw error;
        ticket = busy.ticket;
        waiting.set(id, { until: Date.now() + busy.seconds * 1000, ahead: busy.ahead });
        changed();
        await delay(busy.seconds * 1000, signal);
      }
    }
  } finally {
    if (waiting.delete(id)) changed();
  }
}
