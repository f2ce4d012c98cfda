import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ViewerDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { isNetworkFailure, readOfflineTicket } from '../../../lib/offline-ticket';
import { useHydrated } from '../../../lib/use-hydrated';
import { discardEarlyViewer, takeEarlyViewer } from './early-viewer';
import { sessionOfError, sessionOfViewer, UNAUTHORIZED_SESSION, UNKNOWN_SESSION, type Session } from '../session';

export const VIEWER_QUERY_KEY = ['viewer'] as const;

/**
 * The viewer query resolves to a Session: a 401/403 is a state of the session, not a failure of the query. With no
 * network, a visitor whose ticket is saved on the device is the viewer saved with it (the ticket opens offline).
 */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  try {
    const data = await (takeEarlyViewer() ?? graphqlRequest(ViewerDocument, {}, signal));
    return sessionOfViewer(data.viewer);
  } catch (error) {
    const saved = isNetworkFailure(error) ? readOfflineTicket() : null;
    if (saved) return sessionOfViewer(saved.viewer);
    const session = sessionOfError(error);
    if (session.status === 'error') throw error;
    return session;
  }
}

export const viewerQueryOptions = queryOptions({
  queryKey: VIEWER_QUERY_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 5 * 60_000,
  retry: 1,
  meta: { session: true },
});

/**
 * The viewer's session. While a pre-rendered screen is hydrated it is unknown, as it was when the screen was rendered:
 * a lazily loaded screen is hydrated after the root, when the session may already have arrived (a signed-in
 * exhibitor's registration page would otherwise not match its markup).
 */
export function useSession(): { session: Session; refetch: () => Promise<unknown> } {
  const query = useQuery(viewerQueryOptions);
  const hydrated = useHydrated();
  const session: Session = !hydrated ? UNKNOWN_SESSION : (query.data ?? (query.isError ? sessionOfError(query.error) : UNKNOWN_SESSION));
  return { session, refetch: query.refetch };
}

/** Re-runs the viewer query (after sign-in, a profile change) and resolves with the new session. */
export async function reloadSession(queryClient: QueryClient): Promise<Session> {
  discardEarlyViewer();
  await queryClient.invalidateQueries({ queryKey: VIEWER_QUERY_KEY, refetchType: 'none' });
  return queryClient.fetchQuery({ ...viewerQueryOptions, staleTime: 0 });
}

/** Logout and any 401 seen elsewhere put the session in the unauthorized state (SPEC 4). */
export function markUnauthorized(queryClient: QueryClient): void {
  discardEarlyViewer();
  void queryClient.cancelQueries({ queryKey: VIEWER_QUERY_KEY });
  queryClient.setQueryData(VIEWER_QUERY_KEY, UNAUTHORIZED_SESSION);
}
