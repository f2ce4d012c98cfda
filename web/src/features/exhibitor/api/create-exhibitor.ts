import { ZCreateExhibitorInput, type TCreateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { CreateExhibitorDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useExhibitorMutation } from './exhibitors';

/** The company with its account; the answer carries the initial password, shown once. */
export function createExhibitor(input: TCreateExhibitorInput) {
  return graphqlRequest(CreateExhibitorDocument, { input: ZCreateExhibitorInput.parse(input) }).then((data) => data.createExhibitor);
}

export const useCreateExhibitor = () => useExhibitorMutation(createExhibitor);
