import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmWaitlistOfferDocument, JoinWaitlistDocument, LeaveWaitlistDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_APPLICATION_KEY } from '../../../lib/own-application';

/**
 * The visitor's three waitlist operations on a day (docs/decisions/0208-waitlist-for-full-days.md): join a
 * full day's line, leave it (or decline the seat offered), confirm the seat offered — which becomes a visit day.
 */
const WAITLIST_ACTIONS = {
  join: async (day: string) => (await graphqlRequest(JoinWaitlistDocument, { day })).joinWaitlist,
  leave: async (day: string) => (await graphqlRequest(LeaveWaitlistDocument, { day })).leaveWaitlist,
  confirm: async (day: string) => (await graphqlRequest(ConfirmWaitlistOfferDocument, { day })).confirmWaitlistOffer,
} as const;
export type WaitlistAction = keyof typeof WAITLIST_ACTIONS;

/** One mutation for the three: the page's days and entries reload after each. */
export function useWaitlistAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, day }: { action: WaitlistAction; day: string }) => WAITLIST_ACTIONS[action](day),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OWN_APPLICATION_KEY }),
  });
}
