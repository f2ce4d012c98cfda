import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AudienceListState } from '@portal/shared/review/audience-list';
import { listStateOf } from './list-url';

export type SearchChange = (current: URLSearchParams) => URLSearchParams;

/**
 * The approval list's URL: its state, and one way to change it. Every change starts from the URL as
 * it is at that moment (`window.location`, which the router updates at once), never from the query
 * of the render that created the callback: a debounced keyword search or a late effect must not
 * write back an older URL and so drop a value written since (the open `detail`, a page). A change
 * that leaves the query as it is does not navigate at all.
 */
export function useListSearch(): { search: URLSearchParams; state: AudienceListState; write: (change: SearchChange, replace?: boolean) => void } {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => listStateOf(search), [search]);
  const write = useCallback(
    (change: SearchChange, replace = false) => {
      const current = new URLSearchParams(window.location.search);
      const next = change(new URLSearchParams(current));
      if (next.toString() === current.toString()) return;
      setSearch(next, { replace });
    },
    [setSearch],
  );
  return { search, state, write };
}
