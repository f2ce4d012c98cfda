import './styles.css';

// DESIGN §7: the entry is this module alone; React, the router, i18next and the app are `boot.tsx`'s chunk. A
// pre-rendered first screen paints from index.html's markup and style sheets: only after that first frame are the
// app's chunks fetched (the server lists them in `data-preload`, all at once, so there is no chain of round trips)
// and the app started, so that neither their download nor their evaluation holds the first paint. Any other page
// has them preloaded by index.html's links and starts at once.
const container = document.getElementById('root');
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
  import('./boot').then(({ boot }) => boot(container, prerendered)).catch((error: unknown) => console.error('start-up failed', error));
};
if (prerendered) requestAnimationFrame(() => setTimeout(start, 0));
else start();
