import { describe, expect, it } from 'vitest';
import { QUEUE_DEFAULTS, ZSubmissionQueueInput } from '@portal/shared/submission/submission.schema';
import { listInputOf, listSearchOf } from '../lib/list-state';

// The review queues (catalog entries, banners, products, badges) keep their state in the URL through this schema.
const COMPANY = '0b6f5f8e-2c1a-4c3e-9a51-6d2f0c7e9b11';
const read = (query: string) => listInputOf(ZSubmissionQueueInput, new URLSearchParams(query), QUEUE_DEFAULTS);

describe('review queue URL state', () => {
  it('opens on pending items, first page, 20 a page, and writes nothing for it', () => {
    const input = read('');
    expect(input).toEqual({ filter: { exhibitorId: null, status: 'PENDING', submittedFrom: null, submittedTo: null }, page: 1, pageSize: 20, keyword: null });
    expect(listSearchOf(ZSubmissionQueueInput, input, QUEUE_DEFAULTS).toString()).toBe('');
  });

  it('round-trips every value; every state is an empty status', () => {
    const search = new URLSearchParams({ exhibitorId: COMPANY, status: '', submittedFrom: '2026-11-01', submittedTo: '2026-11-23', page: '3', pageSize: '50', keyword: '王' });
    const input = read(search.toString());
    expect(input).toEqual({ filter: { exhibitorId: COMPANY, status: null, submittedFrom: '2026-11-01', submittedTo: '2026-11-23' }, page: 3, pageSize: 50, keyword: '王' });
    expect(Object.fromEntries(listSearchOf(ZSubmissionQueueInput, input, QUEUE_DEFAULTS))).toEqual(Object.fromEntries(search));
  });

  it('a malformed value takes its default', () => {
    expect(read('status=DONE&page=-2&pageSize=7&submittedFrom=yesterday&keyword=%20%20')).toEqual({
      filter: { exhibitorId: null, status: 'PENDING', submittedFrom: null, submittedTo: null },
      page: 1,
      pageSize: 20,
      keyword: null,
    });
  });
});
