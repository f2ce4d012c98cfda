import { buildWebIfStale } from '../../scripts/web-build';

/** The instances serve one build of the web app: made here, before the tests, unless web/dist is current (CI's e2e phase built it). */
export default function setup() {
  buildWebIfStale();
}
