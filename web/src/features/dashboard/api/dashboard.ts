import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardDocument, ShowDatesDocument, type DashboardQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type DashboardData = DashboardQuery['dashboard'];

/** Figures refresh on their own every half minute (a gate's morning moves fast), without a reload. */
export const DASHBOARD_REFRESH_MS = 30_000;

export function dashboardQueryOptions(day: string | null) {
  return queryOptions({
    queryKey: ['dashboard', day] as const,
    queryFn: ({ signal }) => graphqlRequest(DashboardDocument, { day }, signal).then((data) => data.dashboard),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useDashboard(day: string | null) {
  return useQuery({ ...dashboardQueryOptions(day), placeholderData: keepPreviousData });
}

/** The show's days, for the admissions' day picker (the public project query). */
export function useShowDayOptions() {
  return useQuery({
    queryKey: ['dashboard', 'showDays'] as const,
    queryFn: ({ signal }) => graphqlRequest(ShowDatesDocument, {}, signal).then((data) => data.project.showDays.map((showDay) => showDay.day).sort()),
    staleTime: 10 * 60_000,
  });
}
