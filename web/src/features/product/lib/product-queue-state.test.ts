import { describe, expect, it } from 'vitest';
import { QUEUE_DEFAULTS, ZSubmissionQueueInput } from '@portal/shared/submission/submission.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';
import { submissionExportHref } from '../../../lib/submission-export';

// The product queue (/wo/exhibitor/product/list) keeps its state through the shared queue input; its export
// link carries the same filter.
describe('product queue URL state', () => {
  it('round-trips the filter and exports it, never the page', () => {
    const search = new URLSearchParams({ status: 'APPROVED', submittedTo: '2026-11-23', page: '3' });
    const input = listInputOf(ZSubmissionQueueInput, search, QUEUE_DEFAULTS);
    expect(listSearchOf(ZSubmissionQueueInput, input, QUEUE_DEFAULTS).toString()).toBe(search.toString());
    expect(submissionExportHref('products', input)).toBe('/apis/files/exports/products.xlsx?status=APPROVED&submittedTo=2026-11-23');
  });

  it('a malformed day takes its default', () => {
    expect(listInputOf(ZSubmissionQueueInput, new URLSearchParams('submittedTo=23.11.2026'), QUEUE_DEFAULTS).filter?.submittedTo).toBeNull();
  });
});
