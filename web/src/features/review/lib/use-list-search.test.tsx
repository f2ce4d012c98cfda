import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { listStateOf, mergeSearch, withFilter } from './list-url';
import { useListSearch } from './use-list-search';

function wrapper({ children }: { children: ReactNode }) {
  return <BrowserRouter>{children}</BrowserRouter>;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/wo/audience/list');
});

describe('approval list URL writes', () => {
  it('a write from an older render keeps what was written since (the open detail)', () => {
    const { result } = renderHook(() => useListSearch(), { wrapper });
    // A callback created now, as a debounced keyword search holds it…
    const staleWrite = result.current.write;
    act(() => result.current.write((current) => mergeSearch(current, withFilter(listStateOf(current), { keyword: '张三' })), true));
    // …the organizer opens a result…
    act(() => result.current.write((current) => (current.set('detail', 'a1'), current)));
    expect(new URLSearchParams(window.location.search).get('detail')).toBe('a1');
    // …and the old callback writes the list again: the detail must stay open.
    act(() => staleWrite((current) => mergeSearch(current, withFilter(listStateOf(current), { keyword: '张三' })), true));
    const search = new URLSearchParams(window.location.search);
    expect(search.get('detail')).toBe('a1');
    expect(search.get('keyword')).toBe('张三');
  });

  it('a write that changes nothing does not navigate', () => {
    const { result } = renderHook(() => useListSearch(), { wrapper });
    act(() => result.current.write((current) => (current.set('page', '2'), current)));
    const length = window.history.length;
    act(() => result.current.write((current) => current));
    expect(window.history.length).toBe(length);
    expect(result.current.state.page).toBe(2);
  });
});
