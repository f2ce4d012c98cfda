import { useMutation } from '@tanstack/react-query';
import { encodePasswordForTransport } from '@portal/shared/auth/credentials';
import { toInternationalMobile } from '@portal/shared/mobile/mobile-number';
import { RegisterAudienceDocument, type RegisterAudienceMutationVariables } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export interface RegisterAudienceValues {
  identity: string;
  code: string;
  /** Plain text; sent base64-encoded like the login form. */
  password: string;
  name: string;
}

/** The mutation's input: a mainland mobile in +86 form, an email lower-cased, the password base64-encoded. */
export function registerAudienceInput(values: RegisterAudienceValues): RegisterAudienceMutationVariables['input'] {
  const identity = toInternationalMobile(values.identity);
  return {
    identity: identity.includes('@') ? identity.toLowerCase() : identity,
    code: values.code.trim(),
    password: encodePasswordForTransport(values.password),
    name: values.name.trim(),
  };
}

/** Creates the visitor account and signs it in (the session cookie comes with the answer). */
export function registerAudience(values: RegisterAudienceValues) {
  return graphqlRequest(RegisterAudienceDocument, { input: registerAudienceInput(values) });
}

export function useRegisterAudience() {
  return useMutation({ mutationFn: registerAudience, meta: { handlesUnauthorized: true } });
}
