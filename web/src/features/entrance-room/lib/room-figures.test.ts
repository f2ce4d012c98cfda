import { describe, expect, it } from 'vitest';
import { bucketRows, gateSeries, regionLabel, slotLabel } from './room-figures';

describe('the entrance room figures', () => {
  const snapshot = {
    gates: [
      { deviceId: 'a', gate: 'East 1', direction: 'ENTRY' as const },
      { deviceId: 'b', gate: 'Exit', direction: 'EXIT' as const },
    ],
    buckets: [
      { deviceId: 'a', gate: 'East 1', slot: 540, entries: 3, reEntries: 1 },
      { deviceId: 'a', gate: 'East 1', slot: 570, entries: 2, reEntries: 0 },
      { deviceId: null, gate: 'Old gate', slot: 550, entries: 1, reEntries: 0 },
    ],
  };

  it('puts every bucket between the first and the last on the axis, one series per gate that admitted', () => {
    const { slots, series } = gateSeries(snapshot, 10);
    expect(slots.map(slotLabel)).toEqual(['09:00', '09:10', '09:20', '09:30']);
    expect(series).toEqual([
      { key: 'a', gate: 'East 1', counts: [4, 0, 0, 2] },
      { key: 'gate:Old gate', gate: 'Old gate', counts: [0, 1, 0, 0] },
    ]);
  });

  it('lists the newest bucket first, and names regions by province or document', () => {
    expect(bucketRows(snapshot).map((row) => row.slot)).toEqual([570, 550, 540]);
    const t = (key: string) => `<${key}>`;
    expect(regionLabel('CN-44', t, 'zh-CN')).toBe('<regions.province.44>');
    expect(regionLabel('PASSPORT', t, 'en-US')).toBe('<regions.document.PASSPORT>');
    expect(regionLabel('JP', t, 'zh-CN')).toBe('日本');
    expect(regionLabel('JP', t, 'en-US')).toBe('Japan');
    expect(regionLabel(null, t, 'en-US')).toBe('<regions.unknown>');
  });
});
