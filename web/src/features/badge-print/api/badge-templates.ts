import { queryOptions, useQuery } from '@tanstack/react-query';
import { BadgeTemplatesDocument, type BadgeTemplatesQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type BadgeTemplate = BadgeTemplatesQuery['badgeTemplates'][number];

export const BADGE_TEMPLATES_KEY = ['badge-print', 'templates'] as const;

export const badgeTemplatesQuery = queryOptions({
  queryKey: BADGE_TEMPLATES_KEY,
  queryFn: ({ signal }) => graphqlRequest(BadgeTemplatesDocument, {}, signal).then((data) => data.badgeTemplates),
});

/** Every ticket kind's badge template (a kind never saved: its default). */
export function useBadgeTemplates() {
  return useQuery(badgeTemplatesQuery);
}
