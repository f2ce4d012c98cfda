import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { detectVisitLocale, startI18n } from './lib/i18n/i18n';
import './styles.css';

// DESIGN §7: the detected language is loaded before the first render. Start-up errors are logged only (SPEC 8).
// A public first screen arrives pre-rendered in index.html's root (build/prerender.ts; the server chose it for
// this path and language): the client hydrates it, in a transition so that the work yields to the browser,
// once it has loaded the locale files that render read (`data-namespaces`). Otherwise it renders as before.
preloadScreen(window.location.pathname);
const container = document.getElementById('root');
const locale = detectVisitLocale();
const prerendered = container?.dataset.prerendered === locale && container.firstElementChild !== null;
const namespaces = prerendered ? (container?.dataset.namespaces ?? '').split(',').filter(Boolean) : [];
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
startI18n(locale, namespaces)
  .catch((error: unknown) => console.error('i18n start-up failed', error))
  .finally(() => {
    if (!container) return;
    if (prerendered) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
