import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VoidActivationCodeDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { ACTIVATION_CODES_KEY } from './activation-codes';

export function useVoidActivationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlRequest(VoidActivationCodeDocument, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVATION_CODES_KEY }),
  });
}
