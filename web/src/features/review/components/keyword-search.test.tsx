import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYWORD_DEBOUNCE_MS, KeywordSearch } from './audience-list-filters';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: {}, showSupportNotice: false } as Parameters<typeof i18next.init>[0]);
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function box(): HTMLInputElement {
  return screen.getByRole('searchbox');
}

describe('keyword search', () => {
  it('Enter searches at once and the pause timer never searches again afterwards', () => {
    const onSearch = vi.fn();
    render(<KeywordSearch value={null} onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: '张三' } });
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('张三');
    // Before the fix the typing's timer fired here and wrote the list's URL again, over the detail opened meanwhile.
    act(() => vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS * 3));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches once when typing pauses; Enter on the same keyword does not search again', () => {
    const onSearch = vi.fn();
    render(<KeywordSearch value={null} onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: '138' } });
    act(() => vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledWith('138');
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('a keyword arriving from the URL (back, clear) cancels a pending search', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<KeywordSearch value={null} onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: 'abc' } });
    rerender(<KeywordSearch value="xyz" onSearch={onSearch} />);
    act(() => vi.advanceTimersByTime(KEYWORD_DEBOUNCE_MS * 3));
    expect(onSearch).not.toHaveBeenCalled();
    expect(box().value).toBe('xyz');
  });
});
