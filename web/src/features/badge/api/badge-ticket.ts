import { useMutation } from '@tanstack/react-query';
import { ZBadgeTicketInput } from '@portal/shared/badge/badge.schema';
import { BadgeTicketDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** /ticket: the approved badge's QR for an ID number and mobile number, behind a solved captcha. */
export function useBadgeTicket() {
  return useMutation({
    mutationFn: ({ captcha, ...input }: { captcha: string; idNumber: string; phoneNumber: string }) =>
      graphqlRequest(BadgeTicketDocument, { captcha, ...ZBadgeTicketInput.parse(input) }).then((data) => data.badgeTicket),
  });
}
