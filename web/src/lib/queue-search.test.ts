import { describe, expect, it } from 'vitest';
import { queueInputOf, queueSearchOf } from './queue-search';

const COMPANY = '0b6f5f8e-2c1a-4c3e-9a51-6d2f0c7e9b11';

describe('queue URL state', () => {
  it('opens on pending items, first page, 20 a page', () => {
    expect(queueInputOf(new URLSearchParams())).toEqual({ filter: { exhibitorId: null, status: 'PENDING', submittedFrom: null, submittedTo: null }, page: 1, pageSize: 20, keyword: null });
    expect(queueSearchOf(queueInputOf(new URLSearchParams())).toString()).toBe('');
  });

  it('round-trips every value', () => {
    const search = new URLSearchParams({ exhibitor: COMPANY, status: 'ALL', from: '2026-11-01', to: '2026-11-23', q: '王', page: '3', size: '50' });
    const input = queueInputOf(search);
    expect(input).toEqual({ filter: { exhibitorId: COMPANY, status: null, submittedFrom: '2026-11-01', submittedTo: '2026-11-23' }, page: 3, pageSize: 50, keyword: '王' });
    expect(Object.fromEntries(queueSearchOf(input))).toEqual(Object.fromEntries(search));
  });

  it('a malformed value takes its default', () => {
    const input = queueInputOf(new URLSearchParams({ status: 'DONE', page: '-2', size: '7', from: 'yesterday', q: '   ' }));
    expect(input.filter?.status).toBe('PENDING');
    expect(input.page).toBe(1);
    expect(input.pageSize).toBe(20);
    expect(input.keyword).toBeNull();
    expect(input.filter?.submittedFrom).toBeUndefined();
  });
});
