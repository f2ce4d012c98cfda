import { useQuery } from '@tanstack/react-query';
import { InfoIdNumberDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_QUERY_KEY } from './info-audience';

/** The visitor's own full ID number, loaded only when asked for (and not kept once the page closes). */
export function useInfoIdNumber(enabled: boolean) {
  return useQuery({
    queryKey: [...AUDIENCE_QUERY_KEY, 'idNumber'] as const,
    queryFn: async ({ signal }) => {
      const data = await graphqlRequest(InfoIdNumberDocument, {}, signal);
      return data.viewer.__typename === 'User' ? (data.viewer.audience?.idNumber ?? null) : null;
    },
    enabled,
    gcTime: 0,
    staleTime: 60_000,
  });
}
