import { queryOptions, useQuery } from '@tanstack/react-query';
import { InfoAudienceDocument, type InfoAudienceQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type InfoAudience = NonNullable<Extract<InfoAudienceQuery['viewer'], { __typename: 'User' }>['audience']>;

/** Every query of the visitor's own application starts with this key; a change invalidates them all. */
export const AUDIENCE_QUERY_KEY = ['audience', 'own'] as const;

/** The visitor's registration with its status, and the update deadline. */
export const infoAudienceQueryOptions = queryOptions({
  queryKey: [...AUDIENCE_QUERY_KEY, 'info'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(InfoAudienceDocument, {}, signal);
    const audience = data.viewer.__typename === 'User' ? data.viewer.audience : null;
    return { audience, updateDeadline: data.project.setting.audienceUpdateDeadline ?? null };
  },
});

export function useInfoAudience() {
  return useQuery(infoAudienceQueryOptions);
}
