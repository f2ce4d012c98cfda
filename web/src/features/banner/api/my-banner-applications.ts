import { useQuery } from '@tanstack/react-query';
import { MyBannerApplicationsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { BANNER_KEY } from './banner-placements';

/** The company's own banner applications, one page. */
export function useMyBannerApplications(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...BANNER_KEY, 'mine', page, pageSize],
    queryFn: ({ signal }) => graphqlRequest(MyBannerApplicationsDocument, { page, pageSize }, signal).then((data) => data.myBannerApplications),
    placeholderData: (previous) => previous,
  });
}
