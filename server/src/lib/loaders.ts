import DataLoader from 'dataloader';

/**
 * Per-request batching of what a list asks for on every row: one query per field for a page of 20
 * or 100 rows instead of one per row. Modules build their loaders from their services with these.
 */

/** One value (or null) per key. */
export function oneByKey<TKey, TValue>(fetch: (keys: TKey[]) => Promise<readonly TValue[]>, keyOf: (value: TValue) => TKey) {
  return new DataLoader<TKey, TValue | null>(async (keys) => {
    const byKey = new Map((await fetch([...keys])).map((value) => [keyOf(value), value]));
    return keys.map((key) => byKey.get(key) ?? null);
  });
}

/** Every value of each key, in the order the fetch returned them. */
export function manyByKey<TKey, TValue>(fetch: (keys: TKey[]) => Promise<readonly TValue[]>, keyOf: (value: TValue) => TKey) {
  return new DataLoader<TKey, TValue[]>(async (keys) => {
    const byKey = new Map<TKey, TValue[]>();
    for (const value of await fetch([...keys])) {
      const list = byKey.get(keyOf(value)) ?? [];
      list.push(value);
      byKey.set(keyOf(value), list);
    }
    return keys.map((key) => byKey.get(key) ?? []);
  });
}
