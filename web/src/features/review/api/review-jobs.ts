import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ACTIVE_REVIEW_JOB_STATES, ZStartReviewJobInput, type ReviewJobState } from '@portal/shared/review/review-job.schema';
import { CancelReviewJobDocument, ReviewJobDocument, ReviewJobsDocument, StartReviewJobDocument, type ReviewJobFieldsFragment, type StartReviewJobMutationVariables } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { AUDIENCE_LIST_KEY } from './audience-list';

export type ReviewJob = ReviewJobFieldsFragment;

const REVIEW_JOBS_KEY = ['review', 'jobs'] as const;
/** How often the page reads a working job's progress. */
const POLL_MS = 2_000;

export const isActiveJob = (state: ReviewJobState) => (ACTIVE_REVIEW_JOB_STATES as readonly ReviewJobState[]).includes(state);

/** The latest jobs: the page follows one still working when it opens. */
export function useReviewJobs() {
  return useQuery({ queryKey: REVIEW_JOBS_KEY, queryFn: ({ signal }) => graphqlRequest(ReviewJobsDocument, {}, signal).then((data) => data.reviewJobs) });
}

/** One job, read again every two seconds while it works. */
export function useReviewJob(id: string | null) {
  return useQuery({
    queryKey: [...REVIEW_JOBS_KEY, id] as const,
    queryFn: ({ signal }) => graphqlRequest(ReviewJobDocument, { id: id ?? '' }, signal).then((data) => data.reviewJob),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isActiveJob(query.state.data.state) ? POLL_MS : false),
  });
}

/** A job's end changes the list (states, counts) and the jobs. */
export async function invalidateAfterJob(queryClient: QueryClient) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: AUDIENCE_LIST_KEY }), queryClient.invalidateQueries({ queryKey: REVIEW_JOBS_KEY, exact: true })]);
}

export function useStartReviewJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: StartReviewJobMutationVariables) => graphqlRequest(StartReviewJobDocument, ZStartReviewJobInput.parse(variables)).then((data) => data.startReviewJob),
    onSuccess: async (job) => {
      queryClient.setQueryData([...REVIEW_JOBS_KEY, job.id], job);
      await queryClient.invalidateQueries({ queryKey: REVIEW_JOBS_KEY, exact: true });
    },
    // A refused count means the list on screen is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: AUDIENCE_LIST_KEY }),
  });
}

export function useCancelReviewJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlRequest(CancelReviewJobDocument, { id }).then((data) => data.cancelReviewJob),
    onSuccess: (job) => queryClient.setQueryData([...REVIEW_JOBS_KEY, job.id], job),
    onSettled: () => invalidateAfterJob(queryClient),
  });
}
