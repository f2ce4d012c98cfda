/**
 * An audit entry's recorded detail as lines a person reads: the fields a change touched (before → after),
 * or the facts recorded beside the action, each under a field name the page labels (`audit-log:fields.*`).
 */
export type DetailValue = string | number | boolean | null | readonly DetailValue[] | { readonly [key: string]: DetailValue };

export type DetailLine = { field: string; kind: 'change'; before: DetailValue; after: DetailValue } | { field: string; kind: 'fact'; value: DetailValue };

function isRecord(value: unknown): value is Record<string, DetailValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const same = (a: DetailValue | undefined, b: DetailValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The lines of a detail's JSON text; an unreadable text is one fact. */
export function detailLines(text: string | null): DetailLine[] {
  if (!text) return [];
  let detail: unknown;
  try {
    detail = JSON.parse(text);
  } catch {
    return [{ field: 'detail', kind: 'fact', value: text }];
  }
  if (!isRecord(detail)) return [{ field: 'detail', kind: 'fact', value: detail as DetailValue }];
  const { before, after, from, to, ...facts } = detail;
  const lines: DetailLine[] = [];
  if (isRecord(before) || isRecord(after)) {
    // A record's snapshot before and after: only what changed (a creation lists every field it was given).
    const was = isRecord(before) ? before : {};
    const is = isRecord(after) ? after : {};
    for (const field of [...new Set([...Object.keys(was), ...Object.keys(is)])]) {
      if (!isRecord(before)) lines.push({ field, kind: 'fact', value: is[field] ?? null });
      else if (!same(was[field], is[field])) lines.push({ field, kind: 'change', before: was[field] ?? null, after: is[field] ?? null });
    }
  } else if (before !== undefined || after !== undefined) {
    lines.push({ field: 'state', kind: 'change', before: before ?? null, after: after ?? null });
  }
  if (from !== undefined || to !== undefined) lines.push({ field: 'status', kind: 'change', before: from ?? null, after: to ?? null });
  for (const [field, value] of Object.entries(facts)) if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) lines.push({ field, kind: 'fact', value });
  return lines;
}
