import { describe, expect, it } from 'vitest';
import { badgeExportHref, badgeListFromSearch, badgeListToSearch } from './list-search';

describe('the badge list in the URL', () => {
  it('reads and writes the filter and paging, leaving defaults out', () => {
    const state = badgeListFromSearch(new URLSearchParams('status=REJECTED&createdFrom=2026-11-01T00:00:00.000Z&keyword=%E5%BC%A0&page=3&pageSize=50'));
    expect(state).toEqual({ filter: { status: 'REJECTED', createdFrom: new Date('2026-11-01T00:00:00.000Z'), keyword: '张' }, page: 3, pageSize: 50 });
    expect(badgeListToSearch(state).toString()).toBe('status=REJECTED&createdFrom=2026-11-01T00%3A00%3A00.000Z&keyword=%E5%BC%A0&page=3&pageSize=50');
    expect(badgeListToSearch({ filter: {}, page: 1, pageSize: 20 }).toString()).toBe('');
  });
  it('gives a malformed value its default', () => {
    expect(badgeListFromSearch(new URLSearchParams('status=LOST&createdTo=yesterday&page=-2&pageSize=7'))).toEqual({ filter: {}, page: 1, pageSize: 20 });
  });
  it('exports the filter, never the page', () => {
    expect(badgeExportHref({ status: 'PENDING' }, 'zip')).toBe('/apis/files/exports/badges.zip?status=PENDING');
    expect(badgeExportHref({}, 'xlsx')).toBe('/apis/files/exports/badges.xlsx');
  });
});
