import { useQuery } from '@tanstack/react-query';
import { ActivationCodeBatchesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { ACTIVATION_CODES_KEY } from './activation-codes';

/** ROLE_PROJECT: the batches with their counts (the batch filter's options). */
export function useActivationCodeBatches() {
  return useQuery({ queryKey: [...ACTIVATION_CODES_KEY, 'batches'], queryFn: ({ signal }) => graphqlRequest(ActivationCodeBatchesDocument, {}, signal).then((data) => data.activationCodeBatches) });
}
