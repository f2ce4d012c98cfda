import { useMutation, useQueryClient } from '@tanstack/react-query';
import { badgeInputSchema } from '@portal/shared/badge/badge.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { SaveBadgeDocument, type BadgeInput } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_BADGES_KEY } from './own-badges';

/**
 * Applies for a badge (no id) or edits one that is not approved (→ PENDING); normalised by the shared schema
 * first (the form has checked the age on the show's first day; the server checks it again).
 */
export function saveBadge({ id, input }: { id: string | null; input: BadgeInput }) {
  return graphqlRequest(SaveBadgeDocument, { id, input: badgeInputSchema({ today: shanghaiDate(new Date()), firstShowDay: undefined }).parse(input) }).then((data) => data.saveBadge);
}

export function useSaveBadge() {
  const queryClient = useQueryClient();
  // The lists are not on screen while the form is: refetch them too, so that the list opens with the new count.
  return useMutation({ mutationFn: saveBadge, onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_BADGES_KEY, refetchType: 'all' }) });
}
