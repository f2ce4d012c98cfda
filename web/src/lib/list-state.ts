/**
 * A back-office list's state in the URL, read and written from the list operation's own input schema
 * (`shared/src/<domain>`): the server parses the same schema, so the URL can hold nothing the query refuses.
 *
 * - Each value of the input is one query value named after its field; a nested object (`filter`) is
 *   flattened one level (`filter.status` is `status`). Arrays are comma-separated, dates ISO 8601.
 * - A value equal to its default is not written, so a plain link opens the default list.
 * - A value the schema refuses (a hand-edited or outdated link) takes its default; the page never fails.
 * - `null` where the default is not empty is written as an empty value (`status=`: every state).
 * - A change of anything but the position (`page`, `before`) goes back to the first page: the old page
 *   may not exist any more, and a new page size would skip rows.
 * - The state is the URL's: back and forward restore it, and values that are not the list's (an open
 *   detail, `lang`) are kept.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** An input schema: an object of values and, one level down, objects of values. */
export type ListSchema = z.ZodType<Record<string, unknown>, unknown>;

type Plain<T> = NonNullable<T> extends Date | readonly unknown[] ? never : NonNullable<T> extends Record<string, unknown> ? NonNullable<T> : never;

/** A change: top-level values, or some values of a nested object (merged into it). */
export type ListPatch<T> = { [K in keyof T]?: [Plain<T[K]>] extends [never] ? T[K] : Partial<Plain<T[K]>> | null };

/** The values a page sets where the schema's own default is not what the list opens on. */
export type ListDefaults<T> = ListPatch<T>;

/** The keys that say where in the list one is; any other change goes back to the start. */
const POSITION_KEYS = new Set(['page', 'before']);

interface Leaf {
  /** The input's field, and the nested field when the value sits one level down. */
  path: readonly [string] | readonly [string, string];
  schema: z.ZodType;
}

/** The schema inside optional / nullable / default / transform wrappers (what an URL value is parsed with). */
function inner(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return current;
  }
}

const leavesBySchema = new WeakMap<object, Leaf[]>();

function leavesOf(schema: ListSchema): Leaf[] {
  const known = leavesBySchema.get(schema);
  if (known) return known;
  const root = inner(schema);
  if (!(root instanceof z.ZodObject)) throw new Error('useListState: the list input schema must be an object');
  const leaves: Leaf[] = [];
  for (const [key, field] of Object.entries(root.shape as Record<string, z.ZodType>)) {
    const nested = inner(field);
    if (nested instanceof z.ZodObject) {
      for (const [name, value] of Object.entries(nested.shape as Record<string, z.ZodType>)) leaves.push({ path: [key, name], schema: value });
    } else leaves.push({ path: [key], schema: field });
  }
  leavesBySchema.set(schema, leaves);
  return leaves;
}

const nameOf = (leaf: Leaf) => leaf.path[leaf.path.length - 1] ?? '';

function getLeaf(values: Record<string, unknown>, leaf: Leaf): unknown {
  const [first, second] = leaf.path;
  const top = values[first];
  if (second === undefined) return top;
  return top && typeof top === 'object' ? (top as Record<string, unknown>)[second] : undefined;
}

function setLeaf(values: Record<string, unknown>, leaf: Leaf, value: unknown) {
  const [first, second] = leaf.path;
  if (second === undefined) values[first] = value;
  else values[first] = { ...((values[first] as Record<string, unknown> | null | undefined) ?? {}), [second]: value };
}

/** How a value is written in a query; empty values (null, '', []) as ''. */
function encode(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(encode).join(',');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** The readings of a query value the field may take: as written, as a number, a boolean, a list. */
function candidates(raw: string): unknown[] {
  const readings: unknown[] = [raw];
  if (/^-?\d{1,15}$/.test(raw)) readings.push(Number(raw));
  if (raw === 'true' || raw === 'false') readings.push(raw === 'true');
  readings.push(raw.split(',').map((part) => part.trim()).filter(Boolean));
  return readings;
}

function parsedOrUndefined(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** A field's default: what the page sets, else what the schema gives for nothing (null when it gives nothing). */
function defaultOf(leaf: Leaf, defaults: Record<string, unknown>): unknown {
  const set = getLeaf(defaults, leaf);
  if (set !== undefined) return set;
  const fromSchema = parsedOrUndefined(leaf.schema, undefined);
  return fromSchema.ok && fromSchema.value !== undefined ? fromSchema.value : null;
}

function readLeaf(leaf: Leaf, raw: string | null, fallback: unknown): unknown {
  if (raw === null) return fallback;
  if (raw.trim() === '') {
    const empty = parsedOrUndefined(leaf.schema, null);
    return empty.ok ? null : fallback;
  }
  for (const reading of candidates(raw)) {
    const parsed = parsedOrUndefined(leaf.schema, reading);
    if (parsed.ok && parsed.value !== undefined && encode(parsed.value) !== '') return parsed.value;
  }
  return fallback;
}

/**
 * The list input a URL query describes (every value of the schema, defaults filled in). A value the
 * field refuses takes its default; of values that only fail together (a range from after its end) the
 * later ones are dropped until the rest holds.
 */
export function listInputOf<S extends ListSchema>(schema: S, search: URLSearchParams, defaults: ListDefaults<z.output<S>> = {}): z.output<S> {
  const leaves = leavesOf(schema);
  const fallbacks = defaults as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const leaf of leaves) setLeaf(values, leaf, readLeaf(leaf, search.get(nameOf(leaf)), defaultOf(leaf, fallbacks)));
  const whole = schema.safeParse(values);
  if (whole.success) return whole.data;
  // Values that fail only together (a range that ends before it starts): the fields under the refusal go
  // back to their defaults one at a time, the last first, until the rest holds.
  const failed = new Set(whole.error.issues.flatMap((issue) => issue.path.map(String)));
  for (const leaf of [...leaves].reverse()) {
    if (!leaf.path.some((part) => failed.has(part))) continue;
    setLeaf(values, leaf, defaultOf(leaf, fallbacks));
    const kept = schema.safeParse(values);
    if (kept.success) return kept.data;
  }
  const plain: Record<string, unknown> = {};
  for (const leaf of leaves) setLeaf(plain, leaf, defaultOf(leaf, fallbacks));
  return schema.parse(plain);
}

/** The list's query values (only those that differ from their defaults), in the schema's order. */
export function listSearchOf<S extends ListSchema>(schema: S, input: z.output<S>, defaults: ListDefaults<z.output<S>> = {}): URLSearchParams {
  const search = new URLSearchParams();
  const values = input as Record<string, unknown>;
  for (const leaf of leavesOf(schema)) {
    const written = encode(getLeaf(values, leaf));
    if (written !== encode(defaultOf(leaf, defaults as Record<string, unknown>))) search.set(nameOf(leaf), written);
  }
  return search;
}

/** The query names a list writes (the rest of the URL is not the list's). */
export function listSearchKeys(schema: ListSchema): string[] {
  return leavesOf(schema).map(nameOf);
}

/** `input` changed by `patch`; a change of anything but the position goes back to the first page. */
export function patchedInput<S extends ListSchema>(schema: S, input: z.output<S>, patch: ListPatch<z.output<S>>, defaults: ListDefaults<z.output<S>> = {}): z.output<S> {
  const leaves = leavesOf(schema);
  const next: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const changes = patch as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    const nested = leaves.filter((leaf) => leaf.path[0] === key && leaf.path.length === 2);
    if (nested.length > 0) {
      // A nested object: the values given are merged into it; null clears all of them.
      for (const leaf of nested) {
        const name = nameOf(leaf);
        if (value === null) setLeaf(next, leaf, null);
        else if (value && typeof value === 'object' && name in value) setLeaf(next, leaf, (value as Record<string, unknown>)[name]);
      }
    } else next[key] = value;
  }
  const moved = leaves.some((leaf) => !POSITION_KEYS.has(nameOf(leaf)) && encode(getLeaf(next, leaf)) !== encode(getLeaf(input as Record<string, unknown>, leaf)));
  if (moved) for (const leaf of leaves) if (POSITION_KEYS.has(nameOf(leaf))) setLeaf(next, leaf, defaultOf(leaf, defaults as Record<string, unknown>));
  return next as z.output<S>;
}

export interface ListState<T> {
  /** The list operation's input as the URL gives it (defaults filled in): pass it to the query. */
  input: T;
  /** Changes the list's values in the URL (one history entry; `replace` for a change that should not add one). */
  update: (patch: ListPatch<T>, options?: { replace?: boolean }) => void;
  /** Every filter back to its default, on the first page (the page size is kept). */
  reset: () => void;
}

/**
 * The list state of a back-office list, kept in the URL (see the file's comment). Every change starts
 * from the URL as it is at that moment (`window.location`, which the router updates at once), not from
 * the render that created the callback: a debounced keyword or a late effect must not write back an
 * older URL. A change that leaves the query as it is does not navigate.
 */
export function useListState<S extends ListSchema>(schema: S, defaults: ListDefaults<z.output<S>> = {}): ListState<z.output<S>> {
  const [search, setSearch] = useSearchParams();
  const defaultsKey = JSON.stringify(defaults);
  // The defaults are compared by value: a page may pass a new object each render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const input = useMemo(() => listInputOf(schema, search, stableDefaults), [schema, search, stableDefaults]);
  const write = useCallback(
    (change: (current: z.output<S>) => z.output<S>, replace = false) => {
      const current = new URLSearchParams(window.location.search);
      const next = new URLSearchParams(current);
      for (const key of listSearchKeys(schema)) next.delete(key);
      const state = change(listInputOf(schema, current, stableDefaults));
      for (const [key, value] of listSearchOf(schema, state, stableDefaults)) next.set(key, value);
      if (next.toString() === current.toString()) return;
      setSearch(next, { replace });
    },
    [schema, setSearch, stableDefaults],
  );
  const update = useCallback(
    (patch: ListPatch<z.output<S>>, options?: { replace?: boolean }) => write((current) => patchedInput(schema, current, patch, stableDefaults), options?.replace),
    [schema, write, stableDefaults],
  );
  const reset = useCallback(
    () =>
      write((current) => {
        const pageSize = (current as Record<string, unknown>).pageSize;
        const fresh = listInputOf(schema, new URLSearchParams(), stableDefaults) as Record<string, unknown>;
        return ('pageSize' in fresh ? { ...fresh, pageSize } : fresh) as z.output<S>;
      }),
    [schema, write, stableDefaults],
  );
  return { input, update, reset };
}
