import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VisitDateSelectDocument, type SelectVisitDatesInput } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_QUERY_KEY } from './info-audience';

/** Saves the visit days with the deadlines the page showed; the visitor's application queries reload afterwards. */
export function selectVisitDates(input: SelectVisitDatesInput) {
  return graphqlRequest(VisitDateSelectDocument, { input });
}

export function useVisitDateSelect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectVisitDates,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUDIENCE_QUERY_KEY }),
  });
}
