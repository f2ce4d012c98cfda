import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SelectVisitDatesDocument, type SelectVisitDatesInput } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

/** Saves the visit days with the deadlines the page showed; the visitor's application queries reload afterwards. */
export function selectVisitDates(input: SelectVisitDatesInput) {
  return graphqlRequest(SelectVisitDatesDocument, { input });
}

export function useSelectVisitDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectVisitDates,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_APPLICATION_KEY }),
  });
}
