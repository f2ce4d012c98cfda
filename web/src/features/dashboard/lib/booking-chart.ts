/** One show day's seats as the dashboard receives them. */
export interface BookingDay {
  day: string;
  capacity: number;
  held: number;
  approved: number;
}

export interface BookingChartLabels {
  held: string;
  approved: string;
  share: string;
  /** The x axis' label of a day. */
  day: (day: string) => string;
  /** A count as the page writes numbers (grouped thousands). */
  count: (value: number) => string;
}

/** Booked seats as a percentage of the day's capacity, one decimal; a day without seats counts as full. */
export function shareOfCapacity(row: Pick<BookingDay, 'capacity' | 'held'>): number {
  if (row.capacity <= 0) return 100;
  return Math.round((row.held / row.capacity) * 1000) / 10;
}

/**
 * The bookings chart: the booked and approved seats on their own axis (left), so that 19 bookings
 * stay visible beside a capacity of 5,000 or 1,000,000, and each day's share of its capacity on a
 * 0–100 % axis (right), so that a full day of 3 seats reads as full. Capacity itself is no bar: at
 * real scale it would flatten everything else; it stands in the table and in each bar's label.
 */
export function bookingChartOption(rows: readonly BookingDay[], labels: BookingChartLabels) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((row) => labels.day(row.day)) },
    yAxis: [
      { type: 'value', minInterval: 1, splitLine: { show: true } },
      { type: 'value', min: 0, max: 100, interval: 25, axisLabel: { formatter: '{value} %' }, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.held,
        type: 'bar',
        yAxisIndex: 0,
        data: rows.map((row) => row.held),
        label: { show: true, position: 'top', formatter: ({ dataIndex }: { dataIndex: number }) => heldLabel(rows[dataIndex], labels) },
      },
      { name: labels.approved, type: 'bar', yAxisIndex: 0, data: rows.map((row) => row.approved) },
      {
        // Points without a line: the days are separate, nothing runs between them.
        name: labels.share,
        type: 'line',
        yAxisIndex: 1,
        symbol: 'diamond',
        symbolSize: 10,
        lineStyle: { opacity: 0 },
        label: { show: true, position: 'right', formatter: '{c} %' },
        data: rows.map((row) => shareOfCapacity(row)),
        tooltip: { valueFormatter: (value: number) => `${value} %` },
      },
    ],
  };
}

function heldLabel(row: BookingDay | undefined, labels: BookingChartLabels): string {
  return row ? `${labels.count(row.held)} / ${labels.count(row.capacity)}` : '';
}
