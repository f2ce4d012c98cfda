import { useMutation } from '@tanstack/react-query';
import { ZBadgeTicketInput } from '@portal/shared/badge/badge.schema';
import { SendBadgePhotoCodeDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** /ticket photo replacement: a code by SMS to the approved badge's mobile (the same answer when nothing matches). */
export function useSendBadgePhotoCode() {
  return useMutation({
    mutationFn: ({ captcha, ...input }: { captcha: string; idNumber: string; phoneNumber: string }) =>
      graphqlRequest(SendBadgePhotoCodeDocument, { captcha, ...ZBadgeTicketInput.parse(input) }).then((data) => data.sendBadgePhotoCode.resendAfterSeconds),
  });
}
