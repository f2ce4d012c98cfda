import { useQuery } from '@tanstack/react-query';
import { ApplicationIdNumberDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

/** The visitor's own full ID number, loaded only when asked for (and not kept once the page closes). */
export function useApplicationIdNumber(enabled: boolean) {
  return useQuery({
    queryKey: [...OWN_APPLICATION_KEY, 'idNumber'] as const,
    queryFn: async ({ signal }) => {
      const data = await graphqlRequest(ApplicationIdNumberDocument, {}, signal);
      return data.viewer.__typename === 'User' ? (data.viewer.audience?.idNumber ?? null) : null;
    },
    enabled,
    gcTime: 0,
    staleTime: 60_000,
  });
}
