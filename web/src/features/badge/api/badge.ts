import { useQuery } from '@tanstack/react-query';
import { BadgeDocument, type BadgeQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type BadgeDetail = NonNullable<BadgeQuery['badge']>;

/** One badge in full for the organizer (the full ID number and the face-match score); the server audits every read. */
export function useBadge(id: string) {
  return useQuery({
    queryKey: ['badge', 'detail', id],
    queryFn: ({ signal }) => graphqlRequest(BadgeDocument, { id }, signal).then((data) => data.badge),
    // Each opening is a new audited view; a cached copy would show data the log never saw read.
    gcTime: 0,
  });
}
