// The cluster scenario of the benchmark: the viewer query and the approval list's first page through nginx,
// with 1 and with 3 portal instances (the topology of `npm run test:cluster`, e2e/cluster/). Runnable alone:
// `npx tsx server/bench/cluster.ts` (needs PostgreSQL, Redis and nginx like the cluster test); the harness
// calls `runClusterScenario()`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { signIn } from '../../e2e/support/api-session';
import { DEMO_ACCOUNTS } from '../src/seed/demo-seed';
import { repoRoot } from '../../e2e/support/server-process';
import { startCluster } from '../../e2e/cluster/cluster-topology';

export const CLUSTER_SCENARIO = 'cluster-scaling';

export interface ClusterFigures {
  instances: number;
  request: 'viewer' | 'approval-list';
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

const VIEWER = '{ viewer { __typename ... on Ouser { id name } } }';
const APPROVAL_LIST = '{ audiences(page: 1, pageSize: 20) { total nodes { id name approveStatus submittedAt } } }';

/** Starts a cluster of `instances`, loads each request through nginx for `seconds`, stops it. */
async function measure(instances: number, seconds: number, connections: number): Promise<ClusterFigures[]> {
  const cluster = await startCluster({ artifactsDir: join(repoRoot, 'e2e/artifacts/bench-cluster', String(instances)), bulkApplications: 10_000, webDistDir: join(repoRoot, 'web/dist'), instances });
  try {
    const jar = await signIn(cluster.origin, { ...DEMO_ACCOUNTS.organizer, scope: 'organizer' });
    const headers = { 'content-type': 'application/json', 'x-portal-client': 'web', cookie: jar.header() };
    const figures: ClusterFigures[] = [];
    for (const [request, query] of [['viewer', VIEWER], ['approval-list', APPROVAL_LIST]] as const) {
      const result = await autocannon({ url: `${cluster.origin}/apis/core/graphql`, method: 'POST', headers, body: JSON.stringify({ query }), connections, duration: seconds });
      figures.push({ instances, request, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx });
    }
    return figures;
  } finally {
    await cluster.stop();
  }
}

/** Requests/s and p99 of both requests with one instance, then with three. */
export async function runClusterScenario(options: { seconds?: number; connections?: number } = {}): Promise<ClusterFigures[]> {
  const seconds = options.seconds ?? 10;
  const connections = options.connections ?? 20;
  return [...(await measure(1, seconds, connections)), ...(await measure(3, seconds, connections))];
}

export function clusterMarkdown(figures: readonly ClusterFigures[]): string {
  const rows = figures.map((row) => `| ${row.instances} | ${row.request} | ${row.requestsPerSecond.toFixed(0)} | ${row.p99Ms} | ${row.non2xx} |`);
  return ['| instances | request | requests/s | p99 ms | non-2xx |', '|---|---|---|---|---|', ...rows].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runClusterScenario({ seconds: Number(process.env.BENCH_DURATION ?? 10) });
  console.log(clusterMarkdown(figures));
}
