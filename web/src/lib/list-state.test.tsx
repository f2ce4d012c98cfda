import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listInputOf, listSearchOf, useListState } from './list-state';

// A list input as the shared schemas write them: a nested filter, a sort, paging with defaults.
const ZExampleListInput = z.object({
  filter: z
    .object({
      status: z.enum(['OPEN', 'CLOSED']).nullish(),
      tags: z.array(z.enum(['A', 'B', 'C'])).nullish(),
      from: z.coerce.date().nullish(),
      to: z.coerce.date().nullish(),
      keyword: z.string().trim().max(8).nullish(),
      urgent: z.boolean().nullish(),
    })
    .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to)
    .nullish(),
  sort: z.enum(['NEWEST', 'NAME']).default('NEWEST'),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

function wrapper({ children }: { children: ReactNode }) {
  return <BrowserRouter>{children}</BrowserRouter>;
}

const query = () => new URLSearchParams(window.location.search);

beforeEach(() => {
  window.history.replaceState(null, '', '/wo/example');
});

describe('list input from a URL', () => {
  it('an empty query is the default list, and the default list writes nothing', () => {
    const input = listInputOf(ZExampleListInput, new URLSearchParams());
    expect(input).toEqual({ filter: { status: null, tags: null, from: null, to: null, keyword: null, urgent: null }, sort: 'NEWEST', page: 1, pageSize: 20 });
    expect(listSearchOf(ZExampleListInput, input).toString()).toBe('');
  });

  it('round-trips every kind of value under its field name', () => {
    const search = new URLSearchParams({ status: 'CLOSED', tags: 'A,C', from: '2026-11-01T00:00:00.000Z', keyword: '张三', urgent: 'true', sort: 'NAME', page: '3', pageSize: '50' });
    const input = listInputOf(ZExampleListInput, search);
    expect(input.filter).toEqual({ status: 'CLOSED', tags: ['A', 'C'], from: new Date('2026-11-01T00:00:00.000Z'), to: null, keyword: '张三', urgent: true });
    expect(input.page).toBe(3);
    expect(input.pageSize).toBe(50);
    expect(Object.fromEntries(listSearchOf(ZExampleListInput, input))).toEqual(Object.fromEntries(search));
  });

  it('a value the schema refuses takes its default, the others are kept', () => {
    const input = listInputOf(ZExampleListInput, new URLSearchParams({ status: 'LOST', tags: 'A,Z', keyword: 'far too long a keyword', urgent: 'maybe', sort: 'NAME', page: '-2', pageSize: '500' }));
    expect(input).toEqual({ filter: { status: null, tags: null, from: null, to: null, keyword: null, urgent: null }, sort: 'NAME', page: 1, pageSize: 20 });
  });

  it('of values that fail only together (a range ending before it starts) the later one is dropped', () => {
    const input = listInputOf(ZExampleListInput, new URLSearchParams({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z', status: 'OPEN' }));
    expect(input.filter).toMatchObject({ status: 'OPEN', from: new Date('2026-11-02T00:00:00.000Z'), to: null });
  });

  it('a page default other than the schema\'s: not written when equal, an empty value when cleared', () => {
    const defaults = { filter: { status: 'OPEN' as const } };
    expect(listInputOf(ZExampleListInput, new URLSearchParams(), defaults).filter?.status).toBe('OPEN');
    const all = listInputOf(ZExampleListInput, new URLSearchParams('status='), defaults);
    expect(all.filter?.status).toBeNull();
    expect(listSearchOf(ZExampleListInput, all, defaults).toString()).toBe('status=');
    expect(listSearchOf(ZExampleListInput, listInputOf(ZExampleListInput, new URLSearchParams(), defaults), defaults).toString()).toBe('');
  });
});

describe('useListState', () => {
  it('a filter change writes the URL and goes back to the first page; a page change keeps the filter', () => {
    const { result } = renderHook(() => useListState(ZExampleListInput), { wrapper });
    act(() => result.current.update({ page: 4 }));
    expect(result.current.input.page).toBe(4);
    act(() => result.current.update({ filter: { status: 'CLOSED' } }));
    expect(result.current.input.page).toBe(1);
    expect(result.current.input.filter?.status).toBe('CLOSED');
    act(() => result.current.update({ filter: { keyword: '李' } }));
    // Merged into the filter: the status stays.
    expect(query().toString()).toBe(`status=CLOSED&keyword=${encodeURIComponent('李')}`);
    act(() => result.current.update({ page: 2 }));
    expect(result.current.input.filter).toMatchObject({ status: 'CLOSED', keyword: '李' });
  });

  it('a new page size or sort starts again at page 1', () => {
    const { result } = renderHook(() => useListState(ZExampleListInput), { wrapper });
    act(() => result.current.update({ page: 5 }));
    act(() => result.current.update({ page: 5, pageSize: 100 }));
    expect(result.current.input).toMatchObject({ page: 1, pageSize: 100 });
    act(() => result.current.update({ page: 3 }));
    act(() => result.current.update({ sort: 'NAME' }));
    expect(result.current.input).toMatchObject({ page: 1, sort: 'NAME' });
  });

  it('reset clears the filters and keeps the page size', () => {
    const { result } = renderHook(() => useListState(ZExampleListInput), { wrapper });
    act(() => result.current.update({ filter: { status: 'OPEN', tags: ['B'] }, pageSize: 50 }));
    act(() => result.current.update({ page: 2 }));
    act(() => result.current.reset());
    expect(query().toString()).toBe('pageSize=50');
  });

  it('back and forward restore the list as it was', async () => {
    const { result } = renderHook(() => useListState(ZExampleListInput), { wrapper });
    act(() => result.current.update({ filter: { status: 'OPEN' } }));
    act(() => result.current.update({ page: 2 }));
    act(() => window.history.back());
    await waitFor(() => expect(result.current.input.page).toBe(1));
    expect(result.current.input.filter?.status).toBe('OPEN');
    act(() => window.history.forward());
    await waitFor(() => expect(result.current.input.page).toBe(2));
  });

  it('keeps the query values that are not the list\'s, even from a callback of an older render', () => {
    const { result } = renderHook(() => ({ list: useListState(ZExampleListInput), search: useSearchParams() }), { wrapper });
    const staleUpdate = result.current.list.update;
    act(() => result.current.search[1]((current) => (current.set('detail', 'a1'), current)));
    act(() => staleUpdate({ filter: { keyword: '王' } }, { replace: true }));
    expect(query().get('detail')).toBe('a1');
    expect(query().get('keyword')).toBe('王');
  });

  it('a change that leaves the URL as it is does not navigate', () => {
    const { result } = renderHook(() => useListState(ZExampleListInput), { wrapper });
    act(() => result.current.update({ page: 2 }));
    const length = window.history.length;
    act(() => result.current.update({ page: 2 }));
    expect(window.history.length).toBe(length);
  });
});
