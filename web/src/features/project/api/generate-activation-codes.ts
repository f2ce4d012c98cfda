import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGenerateActivationCodesInput, type TGenerateActivationCodesInput } from '@portal/shared/activation-code/activation-code.schema';
import { GenerateActivationCodesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { ACTIVATION_CODES_KEY } from './activation-codes';

export function useGenerateActivationCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TGenerateActivationCodesInput) => graphqlRequest(GenerateActivationCodesDocument, ZGenerateActivationCodesInput.parse(input)).then((data) => data.generateActivationCodes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVATION_CODES_KEY }),
  });
}
