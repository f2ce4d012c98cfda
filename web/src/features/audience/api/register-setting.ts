import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegisterSettingDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Public: whether visitor registration is open (project.setting.audienceRegOpen). */
export const registerSettingQueryOptions = queryOptions({
  queryKey: ['project', 'setting', 'register'] as const,
  queryFn: async ({ signal }) => (await graphqlRequest(RegisterSettingDocument, {}, signal)).project.setting,
  staleTime: 60_000,
});

export function useRegisterSetting() {
  return useQuery(registerSettingQueryOptions);
}
