import { DEFAULT_SUBMISSION_PAGE_SIZE, SUBMISSION_PAGE_SIZES, SUBMISSION_STATUSES, ZSubmissionListInput, type SubmissionStatus, type TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import { KEYWORD_MAX_LENGTH } from '@portal/shared/review/audience-list';

/** What an organizers' review queue shows: the shared filter and paging, and a keyword where the kind searches one. */
export type QueueInput = TSubmissionListInput & { keyword: string | null };

/** The queue opens on what waits for a decision; `status=ALL` in the URL shows every state. */
export const QUEUE_DEFAULT_STATUS: SubmissionStatus = 'PENDING';
const ALL_STATUSES = 'ALL';

const QUEUE_KEYS = { exhibitor: 'exhibitor', status: 'status', from: 'from', to: 'to', keyword: 'q', page: 'page', pageSize: 'size' } as const;

function positiveInteger(value: string | null): number | null {
  return value && /^\d{1,7}$/.test(value) ? Number(value) : null;
}

/**
 * A queue's state from its URL query (`exhibitor`, `status`, `from`, `to` as Beijing days, `q`, `page`,
 * `size`); a malformed value takes its default, so a hand-edited link still opens a list.
 */
export function queueInputOf(search: URLSearchParams): QueueInput {
  const rawStatus = search.get(QUEUE_KEYS.status);
  const status = rawStatus === ALL_STATUSES ? null : (SUBMISSION_STATUSES.find((value) => value === rawStatus) ?? QUEUE_DEFAULT_STATUS);
  const filter = ZSubmissionListInput.shape.filter.safeParse({
    exhibitorId: search.get(QUEUE_KEYS.exhibitor),
    status,
    submittedFrom: search.get(QUEUE_KEYS.from),
    submittedTo: search.get(QUEUE_KEYS.to),
  });
  const size = positiveInteger(search.get(QUEUE_KEYS.pageSize));
  const keyword = search.get(QUEUE_KEYS.keyword)?.trim().slice(0, KEYWORD_MAX_LENGTH) || null;
  return {
    filter: filter.success ? filter.data : { status },
    page: positiveInteger(search.get(QUEUE_KEYS.page)) || 1,
    pageSize: size && (SUBMISSION_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SUBMISSION_PAGE_SIZE,
    keyword,
  };
}

/** The URL query of a queue state; defaults are left out so that a plain link opens the default list. */
export function queueSearchOf(input: QueueInput): URLSearchParams {
  const search = new URLSearchParams();
  const filter = input.filter ?? {};
  if (filter.exhibitorId) search.set(QUEUE_KEYS.exhibitor, filter.exhibitorId);
  if (!filter.status) search.set(QUEUE_KEYS.status, ALL_STATUSES);
  else if (filter.status !== QUEUE_DEFAULT_STATUS) search.set(QUEUE_KEYS.status, filter.status);
  if (filter.submittedFrom) search.set(QUEUE_KEYS.from, filter.submittedFrom);
  if (filter.submittedTo) search.set(QUEUE_KEYS.to, filter.submittedTo);
  if (input.keyword) search.set(QUEUE_KEYS.keyword, input.keyword);
  if (input.page && input.page > 1) search.set(QUEUE_KEYS.page, String(input.page));
  if (input.pageSize && input.pageSize !== DEFAULT_SUBMISSION_PAGE_SIZE) search.set(QUEUE_KEYS.pageSize, String(input.pageSize));
  return search;
}
