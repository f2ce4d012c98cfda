import { describe, expect, it } from 'vitest';
import { barHeights, hourLabel, scanTotals } from './hourly-scans';

describe("a device's scans today", () => {
  const hours = [
    { hour: 8, admitted: 30, denied: 2 },
    { hour: 9, admitted: 60, denied: 4 },
    { hour: 14, admitted: 5, denied: 11 },
  ];

  it('totals the day and finds the busiest hour', () => {
    expect(scanTotals(hours)).toEqual({ admitted: 95, denied: 17, busiest: 64 });
    expect(scanTotals([])).toEqual({ admitted: 0, denied: 0, busiest: 0 });
  });

  it('draws the busiest hour at full height and the others in proportion', () => {
    expect(barHeights(hours[1]!, 64, 32)).toEqual({ admitted: 30, denied: 2 });
    expect(barHeights(hours[2]!, 64, 32)).toEqual({ admitted: 2.5, denied: 5.5 });
    expect(barHeights({ hour: 10, admitted: 0, denied: 0 }, 0, 32)).toEqual({ admitted: 0, denied: 0 });
  });

  it('labels hours as a clock does', () => {
    expect(hourLabel(8)).toBe('08:00');
    expect(hourLabel(17)).toBe('17:00');
  });
});
