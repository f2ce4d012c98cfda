import { COUNTRIES } from '@portal/shared/country/countries';
import type { RoomSnapshot } from '@portal/shared/entrance-room/entrance-room';

/** A bucket's start as the chart and table name it ("09:10"). */
export const slotLabel = (slot: number): string => `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;

/** A gate's key in the figures: its device, else its recorded name. */
const gateKey = (row: { deviceId: string | null; gate: string }) => row.deviceId ?? `gate:${row.gate}`;

export interface GateSeries {
  key: string;
  gate: string;
  /** Admissions (entries and re-entries) per slot of `slots`. */
  counts: number[];
}

/** The chart's axis (every bucket from the first to the last with admissions) and one series per entry gate. */
export function gateSeries(snapshot: Pick<RoomSnapshot, 'gates' | 'buckets'>, bucketMinutes: number): { slots: number[]; series: GateSeries[] } {
  if (snapshot.buckets.length === 0) return { slots: [], series: [] };
  const first = Math.min(...snapshot.buckets.map((row) => row.slot));
  const last = Math.max(...snapshot.buckets.map((row) => row.slot));
  const slots = Array.from({ length: (last - first) / bucketMinutes + 1 }, (_, index) => first + index * bucketMinutes);
  const series = new Map<string, GateSeries>();
  for (const gate of snapshot.gates) if (gate.direction === 'ENTRY') series.set(gateKey(gate), { key: gateKey(gate), gate: gate.gate, counts: slots.map(() => 0) });
  for (const row of snapshot.buckets) {
    const key = gateKey(row);
    const entry = series.get(key) ?? { key, gate: row.gate, counts: slots.map(() => 0) };
    series.set(key, entry);
    const index = (row.slot - first) / bucketMinutes;
    entry.counts[index] = (entry.counts[index] ?? 0) + row.entries + row.reEntries;
  }
  return { slots, series: [...series.values()].filter((entry) => entry.counts.some((count) => count > 0)) };
}

export interface BucketRow {
  key: string;
  slot: number;
  gate: string;
  entries: number;
  reEntries: number;
}

/** The table beside the chart: the same numbers, newest bucket first, gates by name. */
export function bucketRows(snapshot: Pick<RoomSnapshot, 'buckets'>): BucketRow[] {
  return snapshot.buckets
    .map((row) => ({ key: `${row.slot}:${gateKey(row)}`, slot: row.slot, gate: row.gate, entries: row.entries, reEntries: row.reEntries }))
    .sort((a, b) => b.slot - a.slot || a.gate.localeCompare(b.gate));
}

/** The name of a region code (`regionOfId`): a province or an ID document (locale keys), a country (the shared list), or unknown. */
export function regionLabel(region: string | null, t: (key: string) => string, language: string): string {
  if (region === null) return t('regions.unknown');
  const province = /^CN-(\d{2})$/.exec(region)?.[1];
  if (province) return t(`regions.province.${province}`);
  const country = COUNTRIES.find((candidate) => candidate.code === region);
  if (country) return language.startsWith('zh') ? country.zh : country.en;
  return t(`regions.document.${region}`);
}
