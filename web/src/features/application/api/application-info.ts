import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApplicationInfoDocument, type ApplicationInfoQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

export type ApplicationInfo = NonNullable<Extract<ApplicationInfoQuery['viewer'], { __typename: 'User' }>['audience']>;

/** The visitor's application with its status, and the update deadline. */
export const applicationInfoQueryOptions = queryOptions({
  queryKey: [...OWN_APPLICATION_KEY, 'info'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(ApplicationInfoDocument, {}, signal);
    const audience = data.viewer.__typename === 'User' ? data.viewer.audience : null;
    return { audience, updateDeadline: data.project.setting.audienceUpdateDeadline ?? null, audienceRegOpen: data.project.setting.audienceRegOpen };
  },
});

export function useApplicationInfo() {
  return useQuery(applicationInfoQueryOptions);
}
