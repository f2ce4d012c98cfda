import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZExhibitorListInput, type TExhibitorListInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { ExhibitorsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Every exhibitor query and mutation invalidates under this key. */
export const EXHIBITORS_KEY = ['exhibitors'] as const;

/** One page of the organizer's list, filtered and paged on the server. */
export function useExhibitors(input: TExhibitorListInput) {
  const { status, keyword, page, pageSize } = ZExhibitorListInput.parse(input);
  const variables = { filter: { status, keyword }, page, pageSize };
  return useQuery({
    queryKey: [...EXHIBITORS_KEY, variables],
    queryFn: ({ signal }) => graphqlRequest(ExhibitorsDocument, variables, signal).then((data) => data.exhibitors),
    placeholderData: (previous) => previous,
  });
}

/** A mutation of the organizer's list: the list is fetched again once it succeeded. */
export function useExhibitorMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: EXHIBITORS_KEY }) });
}

/** Fetches the list again (after an import). */
export function useExhibitorsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EXHIBITORS_KEY });
}
