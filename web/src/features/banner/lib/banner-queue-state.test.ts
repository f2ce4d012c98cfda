import { describe, expect, it } from 'vitest';
import { QUEUE_DEFAULTS, ZSubmissionListInput, ZSubmissionQueueInput } from '@portal/shared/submission/submission.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';

// The banner queue (/wo/exhibitor/banner/list) keeps its state through the shared queue input.
describe('banner queue URL state', () => {
  it('every state and a page size of 10 round-trip and reach the query as the empty status', () => {
    const search = new URLSearchParams({ status: '', pageSize: '10' });
    const input = listInputOf(ZSubmissionQueueInput, search, QUEUE_DEFAULTS);
    expect(listSearchOf(ZSubmissionQueueInput, input, QUEUE_DEFAULTS).toString()).toBe(search.toString());
    expect(ZSubmissionListInput.parse(input).filter?.status).toBeNull();
  });

  it('a page size the queues do not offer takes the default', () => {
    expect(listInputOf(ZSubmissionQueueInput, new URLSearchParams('pageSize=30'), QUEUE_DEFAULTS).pageSize).toBe(20);
  });
});
