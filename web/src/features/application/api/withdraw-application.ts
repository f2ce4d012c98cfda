import { useMutation } from '@tanstack/react-query';
import { WithdrawApplicationDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export function useWithdrawApplication() {
  return useMutation({ mutationFn: () => graphqlRequest(WithdrawApplicationDocument, {}) });
}
