import { SetExhibitorEnabledDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useExhibitorMutation } from './exhibitors';

/** Disabling ends the company's sessions and refuses its sign-in; enabling makes it ACTIVE again. */
export function setExhibitorEnabled(variables: { id: string; enabled: boolean }) {
  return graphqlRequest(SetExhibitorEnabledDocument, variables).then((data) => data.setExhibitorEnabled);
}

export const useSetExhibitorEnabled = () => useExhibitorMutation(setExhibitorEnabled);
