import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_LIST_DEFAULTS,
  audienceExportHref as exportHref,
  DEFAULT_LIST_STATE as DEFAULT_STATE,
  KEYWORD_MAX_LENGTH,
  listInputOf as queryVariables,
  listStateOf,
  ZAudienceListInput,
  type AudienceListState as ReviewListState,
} from '@portal/shared/review/audience-list';
import { listInputOf, listSearchOf } from '../../../lib/list-state';
import { columnSortOrder, hasFilter, lastPage, sortFromColumn } from './list-url';

// The URL state is useListState's over the shared `audiences` input (the server parses the same schema);
// these tests check the page reads and writes it, plus the page's own parts (sort arrows, last page).
const parse = (query: string) => listStateOf(listInputOf(ZAudienceListInput, new URLSearchParams(query), AUDIENCE_LIST_DEFAULTS));
const searchFromState = (state: ReviewListState) => listSearchOf(ZAudienceListInput, queryVariables(state), AUDIENCE_LIST_DEFAULTS);

const FULL: ReviewListState = {
  statuses: ['WAIT', 'REFUSE'],
  submittedFrom: '2025-03-01',
  submittedTo: '2025-03-31',
  visitDate: '2025-04-11',
  channelId: 'c6b7c1de-7f6e-4f0a-9a55-8c1f0f3f1a01',
  groupId: '0b5d2c44-8a1e-4c1f-9d2e-3f4a5b6c7d8e',
  keyword: '张三',
  counterCheck: true,
  sort: 'NAME_ASC',
  page: 3,
  pageSize: 50,
};

describe('URL → list state', () => {
  it('an empty query is the default list', () => {
    expect(parse('')).toEqual(DEFAULT_STATE);
  });

  it('reads every value', () => {
    expect(
      parse('statuses=WAIT,REFUSE&submittedFrom=2025-03-01&submittedTo=2025-03-31&visitDate=2025-04-11&channelId=c6b7c1de-7f6e-4f0a-9a55-8c1f0f3f1a01&groupId=0b5d2c44-8a1e-4c1f-9d2e-3f4a5b6c7d8e&keyword=%E5%BC%A0%E4%B8%89&counterCheck=true&sort=NAME_ASC&page=3&pageSize=50'),
    ).toEqual(FULL);
  });

  it('keeps statuses in canonical order and drops duplicates; an unknown status drops the list (the server refuses it)', () => {
    expect(parse('statuses=REFUSE,WAIT,WAIT').statuses).toEqual(['WAIT', 'REFUSE']);
    expect(parse('statuses=REFUSE,WAIT,bogus').statuses).toEqual([]);
    expect(parse('statuses=').statuses).toEqual([]);
  });

  it('drops malformed dates and swaps a reversed range', () => {
    expect(parse('submittedFrom=2025-02-30&submittedTo=yesterday&visitDate=2025-4-1')).toMatchObject({ submittedFrom: null, submittedTo: null, visitDate: null });
    expect(parse('submittedFrom=2025-03-31&submittedTo=2025-03-01')).toMatchObject({ submittedFrom: '2025-03-01', submittedTo: '2025-03-31' });
    expect(parse('submittedFrom=2024-02-29').submittedFrom).toBe('2024-02-29');
  });

  it('falls back to defaults for a bad sort, page or page size', () => {
    expect(parse('sort=DROP_TABLE&page=0&pageSize=300')).toMatchObject({ sort: 'SUBMITTED_DESC', page: 1, pageSize: 20 });
    expect(parse('page=-2&pageSize=100')).toMatchObject({ page: 1, pageSize: 100 });
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=9999999').page).toBe(1);
  });

  it('trims the keyword, ignores a blank one and drops one longer than the server takes', () => {
    expect(parse('keyword=%20%20138%20').keyword).toBe('138');
    expect(parse('keyword=%20%20').keyword).toBeNull();
    expect(parse(`keyword=${'x'.repeat(KEYWORD_MAX_LENGTH)}`).keyword).toHaveLength(KEYWORD_MAX_LENGTH);
    expect(parse(`keyword=${'x'.repeat(300)}`).keyword).toBeNull();
  });
});

describe('list state → URL', () => {
  it('round-trips', () => {
    expect(parse(searchFromState(FULL).toString())).toEqual(FULL);
  });

  it('leaves defaults out, so the default list is the plain path', () => {
    expect(searchFromState(DEFAULT_STATE).toString()).toBe('');
    expect(searchFromState({ ...DEFAULT_STATE, page: 2 }).toString()).toBe('page=2');
  });

  it('writes statuses comma separated', () => {
    expect(searchFromState({ ...DEFAULT_STATE, statuses: ['WAIT', 'REFUSE'] }).get('statuses')).toBe('WAIT,REFUSE');
  });
});

describe('filters', () => {
  it('hasFilter tells a narrowed list from the whole one', () => {
    expect(hasFilter(DEFAULT_STATE)).toBe(false);
    expect(hasFilter({ ...DEFAULT_STATE, keyword: '  ' })).toBe(false);
    expect(hasFilter({ ...DEFAULT_STATE, statuses: ['WAIT'] })).toBe(true);
    expect(hasFilter({ ...DEFAULT_STATE, submittedTo: '2025-01-01' })).toBe(true);
  });
});

describe('query variables and export link', () => {
  it('send only the filters that are set', () => {
    expect(queryVariables(DEFAULT_STATE)).toEqual({ filter: {}, sort: 'SUBMITTED_DESC', page: 1, pageSize: 20 });
    expect(queryVariables(FULL)).toEqual({
      filter: { statuses: ['WAIT', 'REFUSE'], submittedFrom: '2025-03-01', submittedTo: '2025-03-31', visitDate: '2025-04-11', channelId: FULL.channelId, groupId: FULL.groupId, keyword: '张三', counterCheck: true },
      sort: 'NAME_ASC',
      page: 3,
      pageSize: 50,
    });
  });

  it('the export carries the same filter and the sort, never the page', () => {
    const href = exportHref(FULL);
    expect(href.startsWith('/apis/files/exports/audiences.xlsx?')).toBe(true);
    const query = new URLSearchParams(href.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      statuses: 'WAIT,REFUSE',
      submittedFrom: '2025-03-01',
      submittedTo: '2025-03-31',
      visitDate: '2025-04-11',
      channelId: FULL.channelId,
      groupId: FULL.groupId,
      keyword: '张三',
      counterCheck: 'true',
      sort: 'NAME_ASC',
    });
    expect(exportHref(DEFAULT_STATE)).toBe('/apis/files/exports/audiences.xlsx?sort=SUBMITTED_DESC');
  });
});

describe('table sort ⇄ server sort', () => {
  it('shows the arrow on the sorted column only', () => {
    expect(columnSortOrder('SUBMITTED_DESC', 'submittedAt')).toBe('descend');
    expect(columnSortOrder('SUBMITTED_ASC', 'submittedAt')).toBe('ascend');
    expect(columnSortOrder('NAME_ASC', 'name')).toBe('ascend');
    expect(columnSortOrder('NAME_ASC', 'submittedAt')).toBeNull();
    expect(columnSortOrder('STATUS_ASC', 'status')).toBe('ascend');
  });

  it('maps a header click to a sort, and a cleared sort to the newest first', () => {
    expect(sortFromColumn('submittedAt', 'ascend')).toBe('SUBMITTED_ASC');
    expect(sortFromColumn('submittedAt', 'descend')).toBe('SUBMITTED_DESC');
    expect(sortFromColumn('name', 'ascend')).toBe('NAME_ASC');
    expect(sortFromColumn('status', 'ascend')).toBe('STATUS_ASC');
    expect(sortFromColumn('name', 'descend')).toBe('SUBMITTED_DESC');
    expect(sortFromColumn('name', null)).toBe('SUBMITTED_DESC');
    expect(sortFromColumn(undefined, undefined)).toBe('SUBMITTED_DESC');
  });
});

describe('lastPage', () => {
  it('is at least 1', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
    expect(lastPage(100_000, 100)).toBe(1000);
  });
});
