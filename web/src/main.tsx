import './styles.css';
import { PATHS } from './app/paths';
import { startViewerRequest } from './features/viewer/api/early-viewer';

// DESIGN §7: the entry is this module alone; React, the router, i18next and the app are `boot.tsx`'s chunk. A
// pre-rendered first screen paints from index.html's markup and style sheets: only after that first frame are the
// app's chunks fetched (the server lists them in `data-preload`, all at once, so there is no chain of round trips)
// and the app started, so that neither their download nor their evaluation holds the first paint. Any other page
// has them preloaded by index.html's links and starts at once.
const container = document.getElementById('root');
// Every other screen asks for the session when it opens: its request leaves now, beside the app's chunks (early-viewer.ts).
if (window.location.pathname !== PATHS.login && window.location.pathname !== PATHS.logout) startViewerRequest();
const prerendered = container?.dataset.prerendered !== undefined && container.firstElementChild !== null;
const start = () => {
  for (const href of (container?.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // A failed load leaves the pre-rendered (or empty) page; it is said in the console (SPEC 8: start-up errors are logged).
  loadApp()
    .then(({ boot }) => boot(container, prerendered))
    .catch((error: unknown) => console.error('start-up failed', error));
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
/**
 * The app's modules are evaluated in three tasks, the browser free to paint and take input between them: at once they
 * were one task of 65–100 ms on this machine, four times that on Lighthouse's phone, the most of its TBT
 * (docs/decisions/0907-early-data-and-staged-evaluation.md). Each import evaluates what the ones before did not.
 */
const loadApp = async () => {
  await import('react-dom/client');
  await nextTask();
  await import('./graphql/operations.generated');
  await nextTask();
  return import('./boot');
};
if (prerendered) requestAnimationFrame(() => setTimeout(start, 0));
else start();
