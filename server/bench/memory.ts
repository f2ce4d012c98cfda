// The portal server's resident memory while a bench scenario runs. startServer spawns tsx, which runs
// the server in a node child process of its own: that child (the leaf of the tree under the spawned pid)
// is measured, never the bench process nor the tsx wrapper. Its /proc status gives VmRSS (now) and
// VmHWM (the peak since the last reset through clear_refs), so that a spike between two samples counts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

export interface MemoryFigures {
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAddedMb: number;
}

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The VmRSS and VmHWM lines of /proc/<pid>/status, in bytes (0 once the process is gone). */
function residentBytes(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while we read it
    }
  }
  return children;
}

/**
 * The process that runs the server: the largest descendant of the spawned one (tsx → node src/main.ts).
 * Not the deepest: the server's node has children of its own (tsx's esbuild service), far smaller than it.
 */
export function serverProcess(spawnedPid: number | undefined): number {
  if (spawnedPid === undefined) throw new Error('no server pid');
  const descendants: number[] = [];
  for (let level = childrenOf(spawnedPid); level.length > 0; level = level.flatMap(childrenOf)) descendants.push(...level);
  if (descendants.length === 0) return spawnedPid;
  return descendants.reduce((largest, pid) => (residentBytes(pid).rss > residentBytes(largest).rss ? pid : largest));
}

/**
 * Runs `work` while the server process's memory is watched: VmRSS before, then the peak of VmRSS samples
 * every 20 ms and of VmHWM (reset just before; a kernel that refuses the reset leaves sampling alone).
 */
export async function watchServerMemory<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; memory: MemoryFigures }> {
  const before = residentBytes(pid).rss;
  let peakResetWorked = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    peakResetWorked = false;
  }
  let peak = before;
  const sample = () => {
    const now = residentBytes(pid);
    peak = Math.max(peak, now.rss, peakResetWorked ? now.hwm : 0);
  };
  const sampler = setInterval(sample, 20);
  try {
    const result = await work();
    sample();
    return { result, memory: { rssBeforeMb: mb(before), rssPeakMb: mb(peak), rssAddedMb: mb(peak - before) } };
  } finally {
    clearInterval(sampler);
  }
}
