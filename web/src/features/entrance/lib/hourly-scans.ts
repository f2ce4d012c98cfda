/** One Beijing hour of a device's scans today. */
export interface HourOfScans {
  hour: number;
  admitted: number;
  denied: number;
}

/** An hour as the figure labels it: 08:00. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The day's totals and the busiest hour's scans (the bars' full height); busiest 0 when nothing was scanned. */
export function scanTotals(hours: readonly HourOfScans[]) {
  return {
    admitted: hours.reduce((sum, hour) => sum + hour.admitted, 0),
    denied: hours.reduce((sum, hour) => sum + hour.denied, 0),
    busiest: hours.reduce((most, hour) => Math.max(most, hour.admitted + hour.denied), 0),
  };
}

/** An hour's two bars (denied on top of admitted) in pixels of `height`, the busiest hour filling it. */
export function barHeights(hour: HourOfScans, busiest: number, height: number) {
  if (busiest <= 0) return { admitted: 0, denied: 0 };
  return { admitted: (hour.admitted / busiest) * height, denied: (hour.denied / busiest) * height };
}
