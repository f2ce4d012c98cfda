// @vitest-environment node
/**
 * DESIGN §7's budgets on the build output (sizes are stable; timings are the Lighthouse benchmark's job):
 * a public route's first-load JavaScript ≤ 170 KB brotli in either language, and each lazily loaded organizer
 * route ≤ 100 KB gzip beyond the shared vendor chunk — what opening one more organizer page costs once the shell,
 * the organizer area and the back office's vendor chunk are loaded (first-load.ts, organizerRouteLoads; the
 * shared part's own size is reported beside it: docs/performance.md "Back office"). Measures its
 * own production build, made first when it is older than the web sources.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStaleAsync } from '../../scripts/web-build';
import {
  antdShell,
  backOfficeVendorKey,
  LANGUAGES,
  ORGANIZER_ROUTE_BUDGET_GZIP,
  PUBLIC_BUDGET_BROTLI,
  PUBLIC_ROUTES,
  organizerRouteLoads,
  publicFirstLoad,
  readManifest,
  staticClosure,
  webRoot,
  type Manifest,
} from './first-load';

const KB = 1024;

describe('bundle budgets', () => {
  let manifest: Manifest;
  // Its own build, apart from web/dist: the journeys build and serve that one at the same time, and skip it when
  // there is no Chromium. Inside this checkout (ignored by git): a folder in /tmp would be shared by every
  // checkout on the machine, and one's build, newer than another's sources, would be measured for it.
  const distDir = join(webRoot, 'dist-budget');
  beforeAll(async () => {
    await buildWebIfStaleAsync(distDir);
    manifest = readManifest(distDir);
  }, 900_000);

  for (const route of PUBLIC_ROUTES) {
    it(`${route.path}: first-load JavaScript within ${PUBLIC_BUDGET_BROTLI / KB} KB brotli`, () => {
      for (const language of LANGUAGES) {
        const load = publicFirstLoad(manifest, route, language, distDir);
        expect(load.files.length).toBeGreaterThan(1);
        expect(load.total, `${language}: ${JSON.stringify(load.files.slice(0, 5))}`).toBeLessThanOrEqual(PUBLIC_BUDGET_BROTLI);
      }
    });
  }

  it('loads the back office vendor chunk with no public route and not with the shell every antd route shares', () => {
    const vendorFile = manifest[backOfficeVendorKey(manifest)]?.file;
    expect(vendorFile).toBeDefined();
    for (const route of PUBLIC_ROUTES) for (const language of LANGUAGES) expect(publicFirstLoad(manifest, route, language, distDir).files.map(({ file }) => file)).not.toContain(vendorFile);
    expect([...antdShell(manifest)].map((key) => manifest[key]?.file)).not.toContain(vendorFile);
  });

  it('builds the back office vendor chunk without a cycle: no chunk it imports imports it back', () => {
    // A cycle between chunks runs one module before the imports it uses ("Cannot access … before initialization").
    const vendor = backOfficeVendorKey(manifest);
    const importsItBack = (manifest[vendor]?.imports ?? []).filter((key) => key !== vendor && staticClosure(manifest, [key]).has(vendor));
    expect(importsItBack).toEqual([]);
  });

  it(`keeps every lazily loaded organizer route within ${ORGANIZER_ROUTE_BUDGET_GZIP / KB} KB gzip beyond the shared vendor chunk`, () => {
    const loads = organizerRouteLoads(manifest, distDir);
    // The approval list and the four submission queues (the badge queue's route module sits in the shell's chunks).
    expect(loads.map((load) => load.module)).toEqual(
      expect.arrayContaining([/approval-list-page/, /badge-queue-page/, /banner-queue-page/, /catalog-queue-page/, /product-queue-page/].map((name) => expect.stringMatching(name))),
    );
    const over = loads.filter((load) => load.total > ORGANIZER_ROUTE_BUDGET_GZIP).map(({ module, total, files }) => ({ module, total, files: files.slice(0, 5) }));
    expect(over).toEqual([]);
  });
});
