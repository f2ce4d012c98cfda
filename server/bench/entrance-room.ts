// The entrance room beside the gates: 4 gates scan (one autocannon connection each, every scan a first entry of
// another of 100,000 bulk tickets) with no one watching the room, then with 1 and with 50 organizers watching it
// (server-sent events, /apis/entrance-room/events), one after the other on the same portal. Reported: the gates'
// p50/p99 in each stretch (goal: with 50 watchers ≤ 1.2× without), and the room's computations and database
// statements over each stretch — read from the counters the instance writes in every snapshot's comment line
// (`: room computations=N statements=M`, counted in the process) — which must not grow with the watchers.
import { signIn } from '../../e2e/support/api-session';
import { BULK_TICKETS, registerDevices } from './device-api';
import { gateScans, type GateFigures } from './export-under-load';
import { DATABASE_LABELS, startPortal, type BenchDatabase } from './targets';

export const ENTRANCE_ROOM_SCENARIO = 'entrance-room-watchers';
const WATCHERS = 50;
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);

export interface RoomStretch {
  watchers: number;
  gates: GateFigures;
  /** The room's computations and statements on the instance during the stretch (in-process counters). */
  computations: number;
  statements: number;
  /** Snapshots received, summed over the watchers. */
  snapshotsReceived: number;
}

export interface EntranceRoomResult {
  name: typeof ENTRANCE_ROOM_SCENARIO;
  database: BenchDatabase;
  stretches: RoomStretch[];
}

/** One organizer's stream of the room: the counters of the last snapshot, and how many came. */
class Watcher {
  received = 0;
  counters = { computations: 0, statements: 0 };
  private readonly abort = new AbortController();
  private constructor() {}

  static async open(origin: string, cookie: string): Promise<Watcher> {
    const watcher = new Watcher();
    const response = await fetch(`${origin}/apis/entrance-room/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: watcher.abort.signal });
    if (!response.ok || !response.body) throw new Error(`the room answered ${response.status}`);
    const first = new Promise<void>((resolve) => void watcher.read(response.body!, resolve));
    await first;
    return watcher;
  }

  private async read(body: ReadableStream<Uint8Array>, firstSnapshot: () => void) {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        const text = decoder.decode(chunk, { stream: true });
        for (const match of text.matchAll(/^: room computations=(\d+) statements=(\d+)$/gm)) {
          this.counters = { computations: Number(match[1]), statements: Number(match[2]) };
          this.received += 1;
          firstSnapshot();
        }
      }
    } catch {
      // closed by the bench
    }
  }

  close() {
    this.abort.abort();
  }
}

const latest = (watchers: readonly Watcher[]) =>
  watchers.reduce((max, watcher) => (watcher.counters.computations > max.computations ? watcher.counters : max), { computations: 0, statements: 0 });

/** Runs the scenario on one database: its own portal with the bulk tickets, gates registered once. */
export async function runEntranceRoomScenario(logDir: string, database: BenchDatabase): Promise<EntranceRoomResult> {
  const target = await startPortal(database, { DEMO_BULK_TICKETS: String(BULK_TICKETS), DEMO_GATE_DAY_TODAY: 'true', DEMO_BULK_AUDIENCES: '0', DEMO_BULK_ADMISSIONS: '0', DEMO_BULK_BADGES: '0' }, logDir);
  const stretches: RoomStretch[] = [];
  try {
    const organizer = await signIn(target.origin, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' });
    await registerDevices(target.origin, organizer);
    await gateScans(target.origin, { seconds: 1 });
    for (const count of [0, 1, WATCHERS, 0]) {
      // Each organizer its own session, as 50 desks would be.
      const sessions = await Promise.all(Array.from({ length: count }, () => signIn(target.origin, { identity: 'admin@example.com', password: 'Admin12345', scope: 'organizer' })));
      const watchers = await Promise.all(sessions.map((session) => Watcher.open(target.origin, session.header())));
      const before = latest(watchers);
      const receivedBefore = watchers.reduce((sum, watcher) => sum + watcher.received, 0);
      const gates = await gateScans(target.origin, { seconds: SECONDS });
      // The last refresh of the stretch reaches the watchers within the room's refresh interval.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const after = latest(watchers);
      const stretch: RoomStretch = {
        watchers: count,
        gates,
        computations: after.computations - before.computations,
        statements: after.statements - before.statements,
        snapshotsReceived: watchers.reduce((sum, watcher) => sum + watcher.received, 0) - receivedBefore,
      };
      for (const watcher of watchers) watcher.close();
      stretches.push(stretch);
      console.log(
        `        ${count} watchers: ${gates.scans} scans, p50 ${gates.p50Ms} ms, p99 ${gates.p99Ms} ms, ${gates.failed} failed; room ${stretch.computations} computations, ${stretch.statements} statements, ${stretch.snapshotsReceived} snapshots received`,
      );
    }
  } finally {
    await target.stop();
  }
  return { name: ENTRANCE_ROOM_SCENARIO, database, stretches };
}

export function entranceRoomMarkdown(results: readonly EntranceRoomResult[]): string {
  const rows = results.flatMap((result) => {
    const idle = result.stretches[0]?.gates.p99Ms ?? 0;
    return result.stretches.map(
      (stretch, index) =>
        `| ${DATABASE_LABELS[result.database]} | ${index === result.stretches.length - 1 ? `${stretch.watchers} (again)` : stretch.watchers} | ${stretch.gates.scans} | ${stretch.gates.p50Ms} | ${stretch.gates.p99Ms} | ${idle > 0 ? `${(stretch.gates.p99Ms / idle).toFixed(2)}×` : '—'} | ${stretch.gates.failed} | ${stretch.watchers === 0 ? '—' : stretch.computations} | ${stretch.watchers === 0 ? '—' : stretch.statements} | ${stretch.snapshotsReceived} |`,
    );
  });
  return [
    `## The entrance room beside 4 gates (${ENTRANCE_ROOM_SCENARIO})`,
    '',
    `4 gates scan for ${SECONDS} s per stretch with 0, 1, ${WATCHERS} and again 0 organizers watching the room (SSE). Goal: the gates' p99 with ${WATCHERS} watchers ≤ 1.2× without; the room's statements independent of the watchers.`,
    '',
    '| database | watchers | scans | p50 ms | p99 ms | p99 vs none | failed | room computations | room statements | snapshots received |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}
