import { useQuery } from '@tanstack/react-query';
import { ProjectSettingsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const PROJECT_SETTINGS_KEY = ['project', 'settings'] as const;

/** ROLE_PROJECT: the settings /wo/project/info edits, at one version. */
export function useProjectSettings() {
  return useQuery({ queryKey: PROJECT_SETTINGS_KEY, queryFn: ({ signal }) => graphqlRequest(ProjectSettingsDocument, {}, signal).then((data) => data.projectSettings) });
}
