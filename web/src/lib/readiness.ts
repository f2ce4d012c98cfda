import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's own "nothing is loading" signal, for the browser journeys and any tool that must know the page has
 * settled: `<html data-app-state="idle">` while no query fetches, no mutation runs and no loading screen (a lazy
 * route's or page's fallback, an upload in progress) is shown; `busy` otherwise; absent until the app has started
 * (a pre-rendered page before hydration). Kept by direct subscriptions, so it changes in the same task as the
 * state it reports, never a render later.
 */
export const APP_STATE_ATTRIBUTE = 'data-app-state';

let marks = 0;
let refresh: (() => void) | undefined;

/** While the calling component is mounted (and `active`), the app is busy: a loading screen, an upload. */
export function useBusyMark(active = true) {
  useEffect(() => {
    if (!active) return undefined;
    marks += 1;
    refresh?.();
    return () => {
      marks -= 1;
      refresh?.();
    };
  }, [active]);
}

/** Keeps the attribute on `root` in step with the client's queries and mutations and the busy marks; returns the unsubscribe. */
export function trackReadiness(client: QueryClient, root: HTMLElement = document.documentElement): () => void {
  const update = () => root.setAttribute(APP_STATE_ATTRIBUTE, client.isFetching() === 0 && client.isMutating() === 0 && marks === 0 ? 'idle' : 'busy');
  refresh = update;
  const stopQueries = client.getQueryCache().subscribe(update);
  const stopMutations = client.getMutationCache().subscribe(update);
  update();
  return () => {
    stopQueries();
    stopMutations();
    if (refresh === update) refresh = undefined;
    root.removeAttribute(APP_STATE_ATTRIBUTE);
  };
}

/** The readiness signal of the app around it (app.tsx). */
export function useReadinessSignal(client: QueryClient) {
  useEffect(() => trackReadiness(client), [client]);
}
