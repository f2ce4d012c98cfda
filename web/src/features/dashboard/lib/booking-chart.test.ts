import { describe, expect, it } from 'vitest';
import { bookingChartOption, shareOfCapacity, type BookingDay } from './booking-chart';

const labels = { held: 'Booked', approved: 'Approved', share: 'Share', day: (day: string) => day.slice(5), count: (value: number) => value.toLocaleString('en-US') };
const DAYS: BookingDay[] = [
  { day: '2027-01-31', capacity: 5000, held: 19, approved: 7 },
  { day: '2027-02-03', capacity: 3, held: 3, approved: 2 },
  { day: '2027-02-04', capacity: 1_000_000, held: 12, approved: 12 },
];

describe('the bookings chart at real scale', () => {
  it('draws bookings on their own axis, never a capacity bar that dwarfs them', () => {
    const option = bookingChartOption(DAYS, labels);
    const bars = option.series.filter((series) => series.type === 'bar');
    expect(bars.map((series) => series.data)).toEqual([
      [19, 3, 12],
      [7, 2, 12],
    ]);
    expect(bars.every((series) => series.yAxisIndex === 0)).toBe(true);
    // The count axis is scaled to the bookings alone: no series on it holds a capacity.
    expect(bars.flatMap((series) => series.data).every((value) => value <= 19)).toBe(true);
  });

  it('shows a full small day as 100 % and a huge gate day as a sliver on a 0–100 % axis', () => {
    const option = bookingChartOption(DAYS, labels);
    const share = option.series.find((series) => series.type === 'line');
    expect(share?.yAxisIndex).toBe(1);
    expect(share?.data).toEqual([0.4, 100, 0]);
    expect(option.yAxis[1]).toMatchObject({ min: 0, max: 100 });
  });

  it('labels each day with its bookings against its capacity', () => {
    const formatter = bookingChartOption(DAYS, labels).series[0]?.label?.formatter;
    if (typeof formatter !== 'function') throw new Error('the booked bars have no label formatter');
    expect([0, 1, 2].map((dataIndex) => formatter({ dataIndex }))).toEqual(['19 / 5,000', '3 / 3', '12 / 1,000,000']);
  });

  it('counts a day without seats as full', () => {
    expect(shareOfCapacity({ capacity: 0, held: 0 })).toBe(100);
    expect(shareOfCapacity({ capacity: 3, held: 1 })).toBe(33.3);
  });
});
