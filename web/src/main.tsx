import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { initI18n } from './lib/i18n/i18n';
import './styles.css';

// DESIGN §7: the detected language is loaded before the first paint. Start-up errors are logged only (SPEC 8).
preloadScreen(window.location.pathname);
initI18n()
  .catch((error: unknown) => console.error('i18n start-up failed', error))
  .finally(() => {
    const container = document.getElementById('root');
    if (!container) return;
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
