import { useMutation } from '@tanstack/react-query';
import { SubmitApplicationDocument, type SubmitApplicationInput } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Submits, or edits and resubmits, the visitor application (→ WAIT). The input is already parsed by the shared schema. */
export function submitApplication(input: SubmitApplicationInput) {
  return graphqlRequest(SubmitApplicationDocument, { input });
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}
