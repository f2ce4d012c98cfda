import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZSubmitBannerInput, type TSubmitBannerInput } from '@portal/shared/banner/banner.schema';
import { SubmitBannerApplicationDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { BANNER_KEY } from './banner-placements';

/** Files or edits a banner application (→ PENDING); checked by the shared schema first. */
export function submitBannerApplication(input: TSubmitBannerInput) {
  return graphqlRequest(SubmitBannerApplicationDocument, { input: ZSubmitBannerInput.parse(input) }).then((data) => data.submitBannerApplication);
}

export function useSubmitBannerApplication() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitBannerApplication, onSettled: () => queryClient.invalidateQueries({ queryKey: BANNER_KEY }) });
}
