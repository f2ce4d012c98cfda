import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyApplicationDocument, type MyApplicationQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

type UserViewer = Extract<MyApplicationQuery['viewer'], { __typename: 'User' }>;
export type MyApplication = NonNullable<UserViewer['audience']>;
export interface MyApplicationData {
  /** The account's own contact details, to prefill a first application. */
  account: { name: string; mobile: string | null; email: string | null } | null;
  audience: MyApplication | null;
  /** The code an agent's group holds for the visitor once they joined it (docs/decisions/0210-group-registration.md). */
  groupCode: string | null;
}

/** The viewer's own application in full (the edit page prefills from it). */
export const myApplicationQueryOptions = queryOptions({
  queryKey: ['my-application'],
  queryFn: async ({ signal }): Promise<MyApplicationData> => {
    const { viewer, myGroupMembership } = await graphqlRequest(MyApplicationDocument, {}, signal);
    if (viewer.__typename !== 'User') return { account: null, audience: null, groupCode: null };
    return { account: { name: viewer.name, mobile: viewer.mobile, email: viewer.email }, audience: viewer.audience, groupCode: myGroupMembership?.activationCode ?? null };
  },
  staleTime: 0,
});

export function useMyApplication() {
  return useQuery(myApplicationQueryOptions);
}
