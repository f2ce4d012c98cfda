import { ResetExhibitorPasswordDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useExhibitorMutation } from './exhibitors';

/** A new initial password for the company's account (shown once); every session of it ends. */
export function resetExhibitorPassword(id: string) {
  return graphqlRequest(ResetExhibitorPasswordDocument, { id }).then((data) => data.resetExhibitorPassword);
}

export const useResetExhibitorPassword = () => useExhibitorMutation(resetExhibitorPassword);
