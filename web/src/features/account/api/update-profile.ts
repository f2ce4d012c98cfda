import { useMutation } from '@tanstack/react-query';
import { UpdateProfileDocument, type UpdateProfileInput } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export function updateProfile(input: UpdateProfileInput) {
  return graphqlRequest(UpdateProfileDocument, { input: { name: input.name.trim(), nickname: input.nickname?.trim() || null } });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
