import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSaveBannerPlacementInput, type TSaveBannerPlacementInput } from '@portal/shared/banner/banner.schema';
import { SaveBannerPlacementDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { BANNER_KEY } from './banner-placements';

/** Adds or changes a placement of the organizer's list. */
export function useSaveBannerPlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveBannerPlacementInput) => graphqlRequest(SaveBannerPlacementDocument, { input: ZSaveBannerPlacementInput.parse(input) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BANNER_KEY }),
  });
}
