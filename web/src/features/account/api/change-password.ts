import { useMutation } from '@tanstack/react-query';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { ChangePasswordDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Both passwords travel base64-encoded, like the login form. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return graphqlRequest(ChangePasswordDocument, {
    input: { currentPassword: encodePasswordForTransport(input.currentPassword), newPassword: encodePasswordForTransport(input.newPassword) },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
