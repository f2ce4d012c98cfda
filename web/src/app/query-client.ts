import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRetryable, isUnauthorized } from '../lib/errors';
import { markUnauthorized } from '../features/viewer/api/viewer';

/**
 * SPEC 7/8: a 401 (or an UNAUTHORIZED error) from any query or mutation marks the session signed
 * out; the guard of the current route then sends the user to /login with the redirect and the scope
 * of the area. The viewer query reports its own state; the login and send-code calls handle their
 * refusals themselves (meta.handlesUnauthorized).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.session && isUnauthorized(error)) markUnauthorized(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesUnauthorized && isUnauthorized(error)) markUnauthorized(client);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
