// What a gate scan's server time goes to, from a V8 CPU profile of the portal under the scan scenarios
// (`BENCH_CPU_PROF=<folder> BENCH_ONLY=portal-device-scan-4,portal-device-scan-32 npm run bench -w server`, then
// `npx tsx server/bench/scan-profile.ts <folder>/<the larger CPU.*.cpuprofile>`). Only the seconds in which the
// server's thread was busy at least a fifth of the time count, from the first scan on (the loads; not the start nor
// the pauses between).
// Each busy sample goes to the first part of the list below that its stack holds: the shares of the busy time.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The parts, most specific first: a sample counts for the first one whose frame is on its stack. */
const PARTS: Array<[part: string, frame: RegExp]> = [
  ['signature check (Ed25519 verify)', /^verify .*ticket-token/],
  ['device token look-up (hook)', /^authenticate .*entrance\.service/],
  ['request body validation (zod)', /^parseInput /],
  ['garbage collection', /^\(garbage collector\)/],
  ['statements: pg driver (protocol, socket writes to PostgreSQL)', /\/pg\/lib\/|pg-protocol|pg-pool/],
  ['statements: PGlite (the database itself, in the server thread)', /@electric-sql\/pglite|^wasm-function/],
  ['statements: drizzle building and mapping', /drizzle-orm\//],
  ['scan decision and answer (ticket, entrance services)', /src\/modules\/(ticket|entrance)\//],
  ['Fastify (routing, hooks, reply)', /fastify\/|find-my-way|@fastify\//],
  ['node:http and sockets to the devices', /node:_http|node:net|stream_base_commons|node:internal\/streams|^writev |^writeBuffer /],
];

const file = process.argv[2];
if (!file) throw new Error('usage: tsx server/bench/scan-profile.ts <cpuprofile>');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const frameOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url}`;
const idle = (id: number) => nodes.get(id)?.callFrame.functionName === '(idle)';

// Busy share of each second, to keep only the seconds under load.
const seconds: Array<{ busy: number; all: number }> = [];
let clock = 0;
const secondOf: number[] = [];
profile.samples.forEach((id, index) => {
  clock += profile.timeDeltas[index] ?? 0;
  const second = Math.floor(clock / 1e6);
  secondOf.push(second);
  seconds[second] ??= { busy: 0, all: 0 };
  seconds[second].all += profile.timeDeltas[index] ?? 0;
  if (!idle(id)) seconds[second].busy += profile.timeDeltas[index] ?? 0;
});
const firstScan = profile.samples.findIndex((id) => {
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) if (nodes.get(at)?.callFrame.url.includes('entrance-device.routes')) return true;
  return false;
});
const loaded = (second: number) => {
  const figures = seconds[second];
  return second >= (secondOf[firstScan] ?? Infinity) && figures !== undefined && figures.busy >= figures.all / 5;
};

const byPart = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, index) => {
  const second = secondOf[index] ?? 0;
  if (idle(id) || !loaded(second)) return;
  const micros = profile.timeDeltas[index] ?? 0;
  busy += micros;
  const frames: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const node = nodes.get(at);
    if (node) frames.push(frameOf(node));
  }
  const part = PARTS.find(([, frame]) => frames.some((name) => frame.test(name)))?.[0] ?? 'other (event loop, promises, timers)';
  byPart.set(part, (byPart.get(part) ?? 0) + micros);
});

console.log(`${(busy / 1e6).toFixed(1)} s busy in ${seconds.filter((_, second) => loaded(second)).length} loaded seconds`);
console.log('| part | share of the busy time |');
console.log('|---|---:|');
for (const [part, micros] of [...byPart].sort((a, b) => b[1] - a[1])) console.log(`| ${part} | ${((micros / busy) * 100).toFixed(1)} % |`);
