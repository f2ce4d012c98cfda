import { join } from 'node:path';
import { buildWebIfStale } from '../global-setup';
import { repoRoot } from '../support/server-process';

/** The instances serve one build of the web app: made here, before the tests, unless web/dist is current (CI's e2e phase built it). */
export default function setup() {
  buildWebIfStale(join(repoRoot, 'web', 'dist'));
}
