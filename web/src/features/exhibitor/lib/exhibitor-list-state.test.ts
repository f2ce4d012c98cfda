import { describe, expect, it } from 'vitest';
import { ZExhibitorListInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';

describe('exhibitor list URL state', () => {
  it('opens on every company, first page, 20 a page, and writes nothing for it', () => {
    const input = listInputOf(ZExhibitorListInput, new URLSearchParams());
    expect(input).toEqual({ status: null, keyword: null, page: 1, pageSize: 20 });
    expect(listSearchOf(ZExhibitorListInput, input).toString()).toBe('');
  });

  it('round-trips the status, keyword and paging', () => {
    const search = new URLSearchParams({ status: 'PENDING', keyword: '摩托', page: '4', pageSize: '100' });
    const input = listInputOf(ZExhibitorListInput, search);
    expect(input).toEqual({ status: 'PENDING', keyword: '摩托', page: 4, pageSize: 100 });
    expect(listSearchOf(ZExhibitorListInput, input).toString()).toBe(search.toString());
  });

  it('a malformed value takes its default; a blank keyword is no keyword', () => {
    expect(listInputOf(ZExhibitorListInput, new URLSearchParams({ status: 'GONE', keyword: '  ', page: 'two' }))).toEqual({ status: null, keyword: null, page: 1, pageSize: 20 });
  });
});
