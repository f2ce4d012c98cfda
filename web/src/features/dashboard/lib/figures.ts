/** The count of one state in a by-state breakdown; a state no row names counts nothing. */
export function countOf(rows: ReadonlyArray<{ status: string; count: number }>, status: string): number {
  return rows.find((row) => row.status === status)?.count ?? 0;
}

/** An hour of the day as the admissions chart and table name it ("09:00"). */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
