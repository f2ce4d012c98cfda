import { useQuery } from '@tanstack/react-query';
import { OwnBadgeDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { OWN_BADGES_KEY } from './own-badges';

/** One of the company's badges with its full ID number, photos and history (null: not the company's). */
export function useOwnBadge(id: string | undefined) {
  return useQuery({
    queryKey: [...OWN_BADGES_KEY, 'one', id],
    queryFn: ({ signal }) => graphqlRequest(OwnBadgeDocument, { id: id ?? '' }, signal).then((data) => data.ownBadge),
    enabled: !!id,
  });
}
