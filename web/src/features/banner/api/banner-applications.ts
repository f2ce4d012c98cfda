import { useQuery } from '@tanstack/react-query';
import { ZSubmissionListInput, type TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { BannerApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { BANNER_KEY } from './banner-placements';

/** The organizers' queue, one page, filtered on the server. */
export function useBannerApplications(input: TSubmissionListInput) {
  const variables = ZSubmissionListInput.parse(input);
  return useQuery({
    queryKey: [...BANNER_KEY, 'queue', variables],
    queryFn: ({ signal }) => graphqlRequest(BannerApplicationsDocument, variables, signal).then((data) => data.bannerApplications),
    placeholderData: (previous) => previous,
  });
}
