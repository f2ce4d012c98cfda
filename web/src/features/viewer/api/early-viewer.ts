import type { ViewerQuery } from '../../../graphql/operations.generated';
import { postGraphQL, readGraphQLResponse } from '../../../lib/graphql-client';
import { request } from '../../../lib/request';
import viewerQuery from './viewer.graphql?raw';

/**
 * DESIGN §7: a signed-in screen waits for the session, and the session waited for the app's chunks before it was asked
 * for. The entry (main.tsx) sends the viewer query at once, beside the chunks' download, and the viewer query of the
 * app (viewer.ts) takes its answer the first time it runs. Its text is the operation's source: the generated
 * document lives in a module the entry must not load.
 */
let early: Promise<Response> | undefined;

export function startViewerRequest(): void {
  early = postGraphQL(request, viewerQuery);
  // A failure is the taker's: a request nobody takes must not be reported as an unhandled rejection.
  early.catch(() => undefined);
}

/** The early answer, once; undefined when there was none or it was taken or discarded. */
export function takeEarlyViewer(): Promise<ViewerQuery> | undefined {
  const response = early;
  early = undefined;
  return response?.then((answer) => readGraphQLResponse<ViewerQuery>(answer));
}

/** A sign-in, sign-out or profile change makes the early answer stale. */
export function discardEarlyViewer(): void {
  early = undefined;
}
