import { useQuery } from '@tanstack/react-query';
import { ZBadgeListInput, type TBadgeListInput } from '@portal/shared/badge/badge.schema';
import { OwnBadgesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Every badge query of the exhibitor starts with this key (a save or delete invalidates them all). */
export const OWN_BADGES_KEY = ['badge', 'own'] as const;

/** The company's badges, one page of the filtered list, with the used / limit count. */
export function useOwnBadges(input: TBadgeListInput) {
  const { page, pageSize, ...filter } = ZBadgeListInput.parse(input);
  const variables = {
    page,
    pageSize,
    filter: { status: filter.status ?? null, createdFrom: filter.createdFrom?.toISOString() ?? null, createdTo: filter.createdTo?.toISOString() ?? null, keyword: filter.keyword || null },
  };
  return useQuery({
    queryKey: [...OWN_BADGES_KEY, 'list', variables],
    queryFn: ({ signal }) => graphqlRequest(OwnBadgesDocument, variables, signal).then((data) => data.ownBadges),
    placeholderData: (previous) => previous,
  });
}
