import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyAdmissionsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

/** The visitor's admission records (the server sends them newest first; sorted again to be sure). */
export const myAdmissionsQueryOptions = queryOptions({
  queryKey: [...OWN_APPLICATION_KEY, 'records'] as const,
  queryFn: async ({ signal }) => {
    const data = await graphqlRequest(MyAdmissionsDocument, {}, signal);
    const admissions = data.viewer.__typename === 'User' ? (data.viewer.audience?.admissions ?? []) : [];
    return [...admissions].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  },
});

export function useMyAdmissions() {
  return useQuery(myAdmissionsQueryOptions);
}
