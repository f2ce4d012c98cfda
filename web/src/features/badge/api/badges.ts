import { useQuery } from '@tanstack/react-query';
import { badgeFilterToSearch, ZBadgeListInput, type TBadgeFilter, type TBadgeListInput } from '@portal/shared/badge/badge.schema';
import type { TSubmissionQueueInput } from '@portal/shared/submission/submission.schema';
import { BadgesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export const BADGE_QUEUE_KEY = ['badge', 'queue'] as const;

/** A Beijing calendar day's first or last instant ("2026-11-23" → 2026-11-22T16:00:00.000Z). */
function shanghaiDayEdge(day: string | null | undefined, edge: 'start' | 'end'): Date | null {
  return day ? new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}+08:00`) : null;
}

/** The queue's URL state as the badge list's input: the created range covers whole Beijing days. */
export function badgeListInputOf(input: TSubmissionQueueInput): TBadgeListInput {
  const filter = input.filter ?? {};
  return ZBadgeListInput.parse({
    status: filter.status,
    exhibitorId: filter.exhibitorId,
    createdFrom: shanghaiDayEdge(filter.submittedFrom, 'start'),
    createdTo: shanghaiDayEdge(filter.submittedTo, 'end'),
    keyword: input.keyword,
    page: input.page ?? undefined,
    pageSize: input.pageSize ?? undefined,
  });
}

/** The organizers' badge queue, one page, filtered on the server. */
export function useBadges(input: TSubmissionQueueInput) {
  const { page, pageSize, createdFrom, createdTo, ...filter } = badgeListInputOf(input);
  const variables = { filter: { ...filter, createdFrom: createdFrom?.toISOString() ?? null, createdTo: createdTo?.toISOString() ?? null }, page, pageSize };
  return useQuery({
    queryKey: [...BADGE_QUEUE_KEY, variables],
    queryFn: ({ signal }) => graphqlRequest(BadgesDocument, variables, signal).then((data) => data.badges),
    // The previous page stays on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

/** The filtered list as xlsx, or as a zip of the xlsx and the entry card photos (every page, the list's order; the exhibitor's: their company's). */
export function badgeExportHref(filter: Partial<TBadgeFilter>, kind: 'xlsx' | 'zip'): string {
  const query = badgeFilterToSearch(filter).toString();
  return `/apis/files/exports/badges.${kind}${query ? `?${query}` : ''}`;
}
