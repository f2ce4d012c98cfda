import { ZUpdateExhibitorInput, type TUpdateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { UpdateExhibitorDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useExhibitorMutation } from './exhibitors';

export function updateExhibitor(input: TUpdateExhibitorInput) {
  return graphqlRequest(UpdateExhibitorDocument, { input: ZUpdateExhibitorInput.parse(input) }).then((data) => data.updateExhibitor);
}

export const useUpdateExhibitor = () => useExhibitorMutation(updateExhibitor);
