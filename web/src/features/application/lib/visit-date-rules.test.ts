import { describe, expect, it } from 'vitest';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { initialSelection, seenDeadlines, selectionChanged, selectionProblem, toggleDay, visitDateFailure, visitDateOptions, type VisitDateShowDay } from './visit-date-rules';

const NOW = Date.parse('2025-04-09T12:00:00+08:00');
const showDays: VisitDateShowDay[] = [
  { day: '2025-04-11', capacity: 100, remaining: 0, deadline: '2025-04-10T18:00:00+08:00' },
  { day: '2025-04-10', capacity: 100, remaining: 5, deadline: '2025-04-09T10:00:00+08:00' },
  { day: '2025-04-12', capacity: 100, remaining: 50, deadline: '2025-04-11T18:00:00+08:00' },
  { day: '2025-04-13', capacity: 100, remaining: 0, deadline: '2025-04-12T18:00:00+08:00' },
];

function codeError(code: string) {
  return new GraphQLClientError(200, [{ message: 'x', extensions: { classification: 'BAD_REQUEST', code } }], null);
}

describe('visit-date options', () => {
  const options = visitDateOptions(showDays, [{ day: '2025-04-10', admittedAt: '2025-04-10T09:00:00+08:00' }, { day: '2025-04-13' }], NOW);
  const byDay = (day: string) => options.find((option) => option.day === day)!;

  it('are sorted by day and start from the held days', () => {
    expect(options.map((option) => option.day)).toEqual(['2025-04-10', '2025-04-11', '2025-04-12', '2025-04-13']);
    expect(initialSelection(options)).toEqual(['2025-04-10', '2025-04-13']);
  });

  it('lock admitted days, days past their deadline and full days not held yet', () => {
    expect(byDay('2025-04-10')).toMatchObject({ admitted: true, pastDeadline: true, locked: true });
    expect(byDay('2025-04-11')).toMatchObject({ held: false, full: true, pastDeadline: false, locked: true });
    expect(byDay('2025-04-12')).toMatchObject({ full: false, pastDeadline: false, locked: false });
    // no seat left, but the visitor already holds one: it can be kept or dropped
    expect(byDay('2025-04-13')).toMatchObject({ held: true, full: false, locked: false });
  });

  it("offer a full, open day's waitlist, show the place in line, and an offered seat before anything else", () => {
    expect(byDay('2025-04-11').waitlist).toEqual({ kind: 'join' });
    expect(byDay('2025-04-12').waitlist).toBeNull();
    expect(byDay('2025-04-10').waitlist).toBeNull();
    const places = visitDateOptions(showDays, [], NOW, [
      { day: '2025-04-11', position: 3, offerExpiresAt: null },
      { day: '2025-04-13', position: null, offerExpiresAt: '2025-04-10T12:00:00+08:00' },
    ]);
    expect(places.find((option) => option.day === '2025-04-11')?.waitlist).toEqual({ kind: 'waiting', position: 3 });
    expect(places.find((option) => option.day === '2025-04-13')?.waitlist).toEqual({ kind: 'offered', until: '2025-04-10T12:00:00+08:00' });
  });

  it('a day is past its deadline only after the deadline instant (Shanghai time)', () => {
    const [option] = visitDateOptions([{ day: '2025-04-12', capacity: 1, remaining: 1, deadline: '2025-04-11T18:00:00+08:00' }], [], Date.parse('2025-04-11T10:00:00Z'));
    expect(option?.pastDeadline).toBe(false);
    const [later] = visitDateOptions([{ day: '2025-04-12', capacity: 1, remaining: 1, deadline: '2025-04-11T18:00:00+08:00' }], [], Date.parse('2025-04-11T10:00:01Z'));
    expect(later?.pastDeadline).toBe(true);
  });

  it('toggle adds and removes open days, never locked ones', () => {
    const selection = initialSelection(options);
    expect(toggleDay(selection, byDay('2025-04-12'), true)).toEqual(['2025-04-10', '2025-04-12', '2025-04-13']);
    expect(toggleDay(selection, byDay('2025-04-13'), false)).toEqual(['2025-04-10']);
    expect(toggleDay(selection, byDay('2025-04-10'), false)).toEqual(selection);
    expect(toggleDay(selection, byDay('2025-04-11'), true)).toEqual(selection);
    expect(toggleDay(['2025-04-12'], byDay('2025-04-12'), true)).toEqual(['2025-04-12']);
  });

  it('an empty selection is refused before saving; changes are detected', () => {
    expect(selectionProblem([])).toBe('VISIT_DATE_REQUIRED');
    expect(selectionProblem(['2025-04-12'])).toBeUndefined();
    expect(selectionChanged(options, ['2025-04-13', '2025-04-10'])).toBe(false);
    expect(selectionChanged(options, ['2025-04-10'])).toBe(true);
  });

  it('the save sends every deadline the page showed', () => {
    expect(seenDeadlines(options)).toEqual([
      { day: '2025-04-10', deadline: '2025-04-09T10:00:00+08:00' },
      { day: '2025-04-11', deadline: '2025-04-10T18:00:00+08:00' },
      { day: '2025-04-12', deadline: '2025-04-11T18:00:00+08:00' },
      { day: '2025-04-13', deadline: '2025-04-12T18:00:00+08:00' },
    ]);
  });
});

describe('visit-date save failures (SPEC 8)', () => {
  it.each([
    ['VISIT_DATE_REQUIRED', false],
    ['VISIT_DATE_SAVE_FAILED', false],
    ['VISIT_DATE_REDEEMED', false],
    ['VISIT_DATE_DEADLINE_SELECTED', false],
    ['VISIT_DATE_DEADLINE_CHANGED', true],
    ['VISIT_DATE_FULL', true],
    ['VISIT_DATE_DEADLINE_PASSED', true],
  ])('%s is shown as such (refresh offered: %s)', (code, refresh) => {
    expect(visitDateFailure(codeError(code))).toEqual({ code, refresh, ownMessage: false });
  });

  it('another known code keeps its own message', () => {
    expect(visitDateFailure(codeError('FORBIDDEN'))).toEqual({ code: 'FORBIDDEN', refresh: false, ownMessage: true });
  });

  it('a network or server failure is the save error', () => {
    expect(visitDateFailure(new TypeError('Failed to fetch'))).toEqual({ code: 'VISIT_DATE_SAVE_FAILED', refresh: false, ownMessage: false });
    expect(visitDateFailure(codeError('INTERNAL'))).toEqual({ code: 'VISIT_DATE_SAVE_FAILED', refresh: false, ownMessage: false });
  });
});
