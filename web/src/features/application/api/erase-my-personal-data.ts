import { useMutation } from '@tanstack/react-query';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { EraseMyPersonalDataDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { forgetOfflineTicket } from '../../../lib/offline-ticket';

/** The password travels base64-encoded, like the login form; once erased, the ticket saved on the device goes too. */
export function useEraseMyPersonalData() {
  return useMutation({
    mutationFn: async (password: string) => {
      const answer = await graphqlRequest(EraseMyPersonalDataDocument, { password: encodePasswordForTransport(password) });
      await forgetOfflineTicket();
      return answer;
    },
  });
}
