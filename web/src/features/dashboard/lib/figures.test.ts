import { describe, expect, it } from 'vitest';
import { countOf, hourLabel } from './figures';

describe('the dashboard figures', () => {
  it('counts a state from its row, and a state no row names as none', () => {
    const rows = [
      { status: 'WAIT', count: 12 },
      { status: 'DONE', count: 40 },
    ];
    expect(countOf(rows, 'WAIT')).toBe(12);
    expect(countOf(rows, 'DONE')).toBe(40);
    expect(countOf(rows, 'REFUSE')).toBe(0);
    expect(countOf([], 'WAIT')).toBe(0);
  });

  it('names an hour on the clock with two digits', () => {
    expect([0, 9, 13, 23].map(hourLabel)).toEqual(['00:00', '09:00', '13:00', '23:00']);
  });
});
