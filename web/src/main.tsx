import './styles.css';

// DESIGN §7: the entry is this module alone; React, the router, i18next and the app are `boot.tsx`'s chunk, which
// the server's preload links fetch beside it (build/first-screens.ts). A pre-rendered first screen paints from
// index.html's markup: the app starts after that first frame, so the page shows before any of it is evaluated.
// Any other page starts at once.
const container = document.getElementById('root');
const prerendered = container?.dataset.prerendered !== undefined && container.firstElementChild !== null;
const start = () => {
  // A failed load leaves the pre-rendered (or empty) page; it is said in the console (SPEC 8: start-up errors are logged).
  import('./boot').then(({ boot }) => boot(container, prerendered)).catch((error: unknown) => console.error('start-up failed', error));
};
if (prerendered) requestAnimationFrame(() => setTimeout(start, 0));
else start();
