import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { prefetchScreenData, preloadScreen } from './app/router';
import { detectVisitLocale, startI18n } from './lib/i18n/i18n';

/**
 * Starts the app (main.tsx imports this once the page has painted): the detected language is loaded before the
 * first render (DESIGN §7); start-up errors are logged only (SPEC 8). A public first screen arrives pre-rendered in
 * index.html's root (build/prerender.ts; the server chose it for this path and language): it is hydrated, in a
 * transition so that the work yields to the browser, once the locale files that render read (`data-namespaces`)
 * are loaded. Any other root is rendered as before.
 */
export function boot(container: HTMLElement | null, prerendered: boolean): void {
  preloadScreen(window.location.pathname);
  const queryClient = createQueryClient();
  prefetchScreenData(window.location.pathname, queryClient);
  const locale = detectVisitLocale();
  const hydrate = prerendered && container?.dataset.prerendered === locale;
  const namespaces = hydrate ? (container?.dataset.namespaces ?? '').split(',').filter(Boolean) : [];
  const serverElements = hydrate && container ? Array.from(container.querySelectorAll('*')) : [];
  const app = (
    <StrictMode>
      <WhenHydrated container={container} serverElements={serverElements}>
        <App queryClient={queryClient} />
      </WhenHydrated>
    </StrictMode>
  );
  startI18n(locale, namespaces)
    .catch((error: unknown) => console.error('i18n start-up failed', error))
    .finally(() => {
      if (!container) return;
      if (hydrate) startTransition(() => void hydrateRoot(container, app));
      else createRoot(container).render(app);
    });
}

/** After this long the screen is released whatever the check below sees (it reads a detail of React DOM). */
const RELEASE_LIMIT_MS = 10_000;

/**
 * Lets the visitor act on a pre-rendered screen once React has hydrated all of it: the server sends the root `inert`
 * (a tap or a typed character on markup without its handlers is lost, and a form would submit itself natively).
 * React hydrates the root first and each Suspense boundary (the lazily loaded screens) in later passes, so the root's
 * first effect is too early: a journey's typed identity was on a boundary still dehydrated, and was gone when the
 * form next rendered. The screen is released when every element the server sent is React's or gone; React DOM
 * marks the elements it owns with a `__reactFiber$…` property, the only sign of a boundary's hydration outside React.
 */
function WhenHydrated({ container, serverElements, children }: { container: HTMLElement | null; serverElements: readonly Element[]; children: ReactNode }) {
  useEffect(() => {
    if (!container?.hasAttribute('inert')) return;
    const started = performance.now();
    const hydrated = (element: Element) => !element.isConnected || Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const release = () => {
      if (serverElements.every(hydrated) || performance.now() - started > RELEASE_LIMIT_MS) container.removeAttribute('inert');
      else requestAnimationFrame(release);
    };
    release();
  }, [container, serverElements]);
  return children;
}
