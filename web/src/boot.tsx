import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
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
  const locale = detectVisitLocale();
  const hydrate = prerendered && container?.dataset.prerendered === locale;
  const namespaces = hydrate ? (container?.dataset.namespaces ?? '').split(',').filter(Boolean) : [];
  const app = (
    <StrictMode>
      <WhenHydrated container={container}>
        <App />
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

/**
 * Lets the visitor act on a pre-rendered screen once React has hydrated it: the server sends the root `inert` (a tap
 * or a typed character on markup without its handlers would be lost, and a form would submit itself natively).
 */
function WhenHydrated({ container, children }: { container: HTMLElement | null; children: ReactNode }) {
  useEffect(() => container?.removeAttribute('inert'), [container]);
  return children;
}
