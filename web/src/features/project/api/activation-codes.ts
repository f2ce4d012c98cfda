import { useQuery } from '@tanstack/react-query';
import type { TActivationCodeFilter } from '@portal/shared/activation-code/activation-code.schema';
import { ActivationCodesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const ACTIVATION_CODES_KEY = ['project', 'activationCodes'] as const;

/** ROLE_PROJECT: one page of codes, newest first, paged and filtered on the server. */
export function useActivationCodes(filter: TActivationCodeFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ACTIVATION_CODES_KEY, 'list', filter, page, pageSize],
    queryFn: ({ signal }) =>
      graphqlRequest(ActivationCodesDocument, { filter: { status: filter.status ?? null, batch: filter.batch ?? null, keyword: filter.keyword ?? null }, page, pageSize }, signal).then(
        (data) => data.activationCodes,
      ),
    placeholderData: (previous) => previous,
  });
}
