import { useMutation } from '@tanstack/react-query';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { EraseMyPersonalDataDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** The password travels base64-encoded, like the login form. */
export function useEraseMyPersonalData() {
  return useMutation({ mutationFn: (password: string) => graphqlRequest(EraseMyPersonalDataDocument, { password: encodePasswordForTransport(password) }) });
}
