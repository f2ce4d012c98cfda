/**
 * The build's pre-rendering entry (DESIGN §7, build/prerender.ts): the first paint of a public screen as HTML, in
 * one language, rendered by the same components the browser hydrates (main.tsx). Built with `vite build --ssr`
 * into one self-contained module that the build imports afresh for each render, so each has its own i18next with
 * exactly the locale files the browser loads before hydrating. Runs in Node only; never part of the web bundle.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Locale } from '@portal/shared/i18n/locales';
import { AppProviders } from './app/app';
import { AppRoutes } from './app/router';
import { startI18n } from './lib/i18n/i18n';

/** The markup of the root element for `url` in `locale`, once every lazily loaded screen on it has arrived. */
export async function renderScreen(url: string, locale: Locale, namespaces: readonly string[]): Promise<string> {
  await startI18n(locale, namespaces);
  // A screen that fails here would be sent as React's client-render marker: the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // One piece, inline: a boundary larger than React's chunk size would be sent apart and moved into place by an
    // inline script, which the Content-Security-Policy (script-src 'self') refuses.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0) throw new AggregateError(errors, `${url} (${locale}) did not pre-render: ${errors.map(String).join('; ')}`);
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${url} (${locale}) pre-rendered with an inline script, which the Content-Security-Policy refuses`);
  return html;
}
