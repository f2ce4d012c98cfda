import { useMutation } from '@tanstack/react-query';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { RegisterExhibitorDocument, type RegisterExhibitorMutationVariables } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type RegisterExhibitorValues = Omit<RegisterExhibitorMutationVariables['input'], 'password'> & {
  /** Plain text; sent base64-encoded like the login form. */
  password: string;
};

/** Creates the PENDING company with its account and signs it in (the session cookie comes with the answer). */
export function registerExhibitor({ password, ...values }: RegisterExhibitorValues) {
  return graphqlRequest(RegisterExhibitorDocument, { input: { ...values, code: values.code.trim(), password: encodePasswordForTransport(password) } });
}

export function useRegisterExhibitor() {
  return useMutation({ mutationFn: registerExhibitor, meta: { handlesUnauthorized: true } });
}
