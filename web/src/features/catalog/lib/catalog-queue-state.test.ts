import { describe, expect, it } from 'vitest';
import { QUEUE_DEFAULTS, ZSubmissionListInput, ZSubmissionQueueInput } from '@portal/shared/submission/submission.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';

// The catalog queue (/wo/exhibitor/catalog/list) keeps its state through the shared queue input; the page
// passes that state to the `catalogEntries` query, which parses it with ZSubmissionListInput.
const COMPANY = '0b6f5f8e-2c1a-4c3e-9a51-6d2f0c7e9b11';

describe('catalog queue URL state', () => {
  it('a company and a submission range round-trip and are the query input as it is', () => {
    const search = new URLSearchParams({ exhibitorId: COMPANY, submittedFrom: '2026-11-01', page: '2' });
    const input = listInputOf(ZSubmissionQueueInput, search, QUEUE_DEFAULTS);
    expect(listSearchOf(ZSubmissionQueueInput, input, QUEUE_DEFAULTS).toString()).toBe(search.toString());
    expect(ZSubmissionListInput.parse(input)).toEqual({ filter: { exhibitorId: COMPANY, status: 'PENDING', submittedFrom: '2026-11-01', submittedTo: null }, page: 2, pageSize: 20 });
  });

  it('a company that is not an id opens the whole pending queue', () => {
    expect(listInputOf(ZSubmissionQueueInput, new URLSearchParams('exhibitorId=acme'), QUEUE_DEFAULTS).filter?.exhibitorId).toBeNull();
  });
});
