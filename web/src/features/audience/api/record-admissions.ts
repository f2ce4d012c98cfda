import { queryOptions, useQuery } from '@tanstack/react-query';
import { RecordAdmissionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_QUERY_KEY } from './info-audience';

/** The visitor's admission records (the server sends them newest first; sorted again to be sure). */
export const recordAdmissionsQueryOptions = queryOptions({
  queryKey: [...AUDIENCE_QUERY_KEY, 'records'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(RecordAdmissionsDocument, {}, signal);
    const admissions = data.viewer.__typename === 'User' ? (data.viewer.audience?.admissions ?? []) : [];
    return [...admissions].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  },
});

export function useRecordAdmissions() {
  return useQuery(recordAdmissionsQueryOptions);
}
