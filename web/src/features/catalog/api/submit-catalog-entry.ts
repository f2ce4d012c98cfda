import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSubmitCatalogEntryInput, type TSubmitCatalogEntryInput } from '@portal/shared/catalog/catalog.schema';
import { SubmitCatalogEntryDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { MY_CATALOG_ENTRY_KEY } from './my-catalog-entry';

/** Files or edits the company's entry (→ PENDING); the input is checked by the shared schema first. */
export function submitCatalogEntry(input: TSubmitCatalogEntryInput) {
  return graphqlRequest(SubmitCatalogEntryDocument, { input: ZSubmitCatalogEntryInput.parse(input) }).then((data) => data.submitCatalogEntry);
}

export function useSubmitCatalogEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitCatalogEntry, onSettled: () => queryClient.invalidateQueries({ queryKey: MY_CATALOG_ENTRY_KEY }) });
}
