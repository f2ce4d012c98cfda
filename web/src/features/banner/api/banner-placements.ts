import { useQuery } from '@tanstack/react-query';
import { BannerPlacementsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const BANNER_KEY = ['banner'] as const;

/** The organizer's list of placements (exhibitors get the open ones). */
export function useBannerPlacements() {
  return useQuery({ queryKey: [...BANNER_KEY, 'placements'], queryFn: ({ signal }) => graphqlRequest(BannerPlacementsDocument, {}, signal).then((data) => data.bannerPlacements) });
}
