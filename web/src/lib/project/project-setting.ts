import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectSettingDocument } from '../../graphql/operations.generated';
import { graphqlRequest } from '../graphql-client';

/** Public: the show's registration switches (project.setting), needed by several features. */
export const projectSettingQueryOptions = queryOptions({
  queryKey: ['project', 'setting'] as const,
  queryFn: async ({ signal }) => (await graphqlRequest(ProjectSettingDocument, {}, signal)).project.setting,
  staleTime: 60_000,
});

export function useProjectSetting() {
  return useQuery(projectSettingQueryOptions);
}
