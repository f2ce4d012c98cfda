import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OwnBadgeQuotaDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

const OWN_QUOTA_KEY = ['own-badge-quota'] as const;

/** The exhibitor's company: how its badge limit was reached, and its latest extra badge orders. */
export function useOwnBadgeQuota() {
  return useQuery({ queryKey: OWN_QUOTA_KEY, queryFn: ({ signal }) => graphqlRequest(OwnBadgeQuotaDocument, {}, signal) });
}

/** A change of the company's orders: the quota card is fetched again. */
export function useOwnOrderMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: OWN_QUOTA_KEY }) });
}
