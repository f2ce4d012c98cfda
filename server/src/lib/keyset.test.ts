import { describe, expect, it } from 'vitest';
import { NEAR_END_ROWS, pageWindow, pageWithTotal, type PagedList } from './keyset';

describe('pageWindow', () => {
  it('reads a page forwards while the total is unknown', () => {
    expect(pageWindow(3, 20, undefined)).toEqual({ limit: 20, offset: 40, fromEnd: false, keysFirst: false });
  });

  it('reads a page in the second half from the end, and the last page with no offset', () => {
    expect(pageWindow(5000, 20, 100_000)).toEqual({ limit: 20, offset: 0, fromEnd: true, keysFirst: false });
    // A short last page: 7 rows, none skipped from the end.
    expect(pageWindow(5, 20, 87)).toEqual({ limit: 7, offset: 0, fromEnd: true, keysFirst: false });
    expect(pageWindow(2, 20, 100_000)).toEqual({ limit: 20, offset: 20, fromEnd: false, keysFirst: false });
  });

  it('skips more than NEAR_END_ROWS by the keys alone', () => {
    expect(pageWindow(2000, 20, 100_000)).toEqual({ limit: 20, offset: 39_980, fromEnd: false, keysFirst: true });
    expect(pageWindow(3000, 20, 100_000)?.offset).toBe(100_000 - 3000 * 20);
    expect(pageWindow(NEAR_END_ROWS / 20 + 1, 20, 100_000)?.keysFirst).toBe(false);
  });

  it('has no page past the end', () => {
    expect(pageWindow(6, 20, 100)).toBeNull();
  });
});

/** A list of `total` numbered rows whose queries record the order they ran in. */
function recordedList(total: number, kind: { kept: boolean; counted: boolean }, page: number, pageSize: number) {
  const calls: string[] = [];
  const rows = (known?: number) => {
    const window = pageWindow(page, pageSize, known);
    if (!window) return [];
    const start = window.fromEnd ? total - window.offset - window.limit : window.offset;
    return Array.from({ length: Math.max(0, Math.min(window.limit, total - start)) }, (_, index) => start + index);
  };
  const list: PagedList<number> = {
    count: async () => {
      calls.push('count');
      return total;
    },
    countIsKept: kind.kept,
    readPage: async (known) => {
      calls.push(known === undefined ? 'page' : 'page from the nearer end');
      return rows(known);
    },
    countedPage: kind.counted
      ? async () => {
          calls.push('counted page');
          const nodes = rows();
          return { nodes, total: nodes.length ? total : null };
        }
      : undefined,
  };
  return { calls, list };
}

describe('pageWithTotal: the one way a big list pages', () => {
  it('near the start, a kept count goes beside the page', async () => {
    const { calls, list } = recordedList(100_000, { kept: true, counted: false }, 2, 20);
    expect(await pageWithTotal(2, 20, list)).toEqual({ total: 100_000, nodes: Array.from({ length: 20 }, (_, index) => 20 + index) });
    expect(calls.sort()).toEqual(['count', 'page']);
  });

  it('deep in a list with a kept count, the total first, then the page from its nearer end', async () => {
    const { calls, list } = recordedList(100_000, { kept: true, counted: true }, 5000, 20);
    const { nodes, total } = await pageWithTotal(5000, 20, list);
    expect(total).toBe(100_000);
    expect(nodes).toEqual(Array.from({ length: 20 }, (_, index) => 99_980 + index));
    expect(calls).toEqual(['count', 'page from the nearer end']);
  });

  it('where counting reads the matches, the page counts them in its own statement at any depth', async () => {
    const near = recordedList(5000, { kept: false, counted: true }, 1, 20);
    expect((await pageWithTotal(1, 20, near.list)).total).toBe(5000);
    expect(near.calls).toEqual(['counted page']);
    const deep = recordedList(5000, { kept: false, counted: true }, 200, 20);
    expect((await pageWithTotal(200, 20, deep.list)).nodes).toHaveLength(20);
    expect(deep.calls).toEqual(['counted page']);
  });

  it('past the end, the count alone says the total', async () => {
    const { calls, list } = recordedList(30, { kept: false, counted: true }, 4, 20);
    expect(await pageWithTotal(4, 20, list)).toEqual({ nodes: [], total: 30 });
    expect(calls).toEqual(['counted page', 'count']);
  });

  it('a small list with neither reads its page beside the count', async () => {
    const { calls, list } = recordedList(45, { kept: false, counted: false }, 3, 20);
    expect(await pageWithTotal(3, 20, list)).toEqual({ nodes: [40, 41, 42, 43, 44], total: 45 });
    expect(calls.sort()).toEqual(['count', 'page']);
  });
});
