/**
 * The visit-date rules the page shows before the server enforces them (SPEC 8, DESIGN §6): a day the
 * ticket was admitted on stays selected; a day whose deadline passed can be neither added nor dropped;
 * a full day cannot be added; at least one day must stay selected. The server decides in the end
 * (selectVisitDates); the page sends the deadlines it showed so that a change is refused.
 */
import { isErrorCode } from '@portal/shared/errors/error-codes';
import { normaliseError } from '../../../lib/errors';

export interface VisitDateShowDay {
  day: string;
  capacity: number;
  remaining: number;
  /** ISO 8601 instant. */
  deadline: string;
}

export interface VisitDateHeld {
  day: string;
  admittedAt?: string | null;
}

/** The visitor's place on a full day's waitlist: a position while waiting, or a seat offered until `offerExpiresAt`. */
export interface WaitlistPlace {
  day: string;
  position?: number | null;
  /** ISO 8601 instant. */
  offerExpiresAt?: string | null;
}

export interface VisitDateOption extends VisitDateShowDay {
  /** Selected on the server when the page loaded. */
  held: boolean;
  admitted: boolean;
  pastDeadline: boolean;
  /** No seat left for a day the visitor does not hold yet. */
  full: boolean;
  /** The visitor cannot change this day (admitted, past its deadline, or full). */
  locked: boolean;
  /** What the day's waitlist offers the visitor: join it (full, open), their place in line, or a seat to confirm. */
  waitlist: { kind: 'join' } | { kind: 'waiting'; position: number } | { kind: 'offered'; until: string } | null;
}

export function visitDateOptions(showDays: readonly VisitDateShowDay[], held: readonly VisitDateHeld[], now: number, waitlist: readonly WaitlistPlace[] = []): VisitDateOption[] {
  const heldDays = new Map(held.map((entry) => [entry.day, entry]));
  const places = new Map(waitlist.map((entry) => [entry.day, entry]));
  return [...showDays]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((showDay) => {
      const entry = heldDays.get(showDay.day);
      const isHeld = entry !== undefined;
      const admitted = Boolean(entry?.admittedAt);
      const pastDeadline = now > Date.parse(showDay.deadline);
      const full = !isHeld && showDay.remaining <= 0;
      return { ...showDay, held: isHeld, admitted, pastDeadline, full, locked: admitted || pastDeadline || full, waitlist: waitlistOf(places.get(showDay.day), full && !pastDeadline) };
    });
}

/** An offered seat first; then a place in line; else joining, when the day is full and still open. */
function waitlistOf(place: WaitlistPlace | undefined, joinable: boolean): VisitDateOption['waitlist'] {
  if (place?.offerExpiresAt) return { kind: 'offered', until: place.offerExpiresAt };
  if (place?.position) return { kind: 'waiting', position: place.position };
  return joinable ? { kind: 'join' } : null;
}

/** The days selected when the page loads: the ones the visitor holds. */
export function initialSelection(options: readonly VisitDateOption[]): string[] {
  return options.filter((option) => option.held).map((option) => option.day);
}

/** Adds or removes a day; a locked day keeps its state. */
export function toggleDay(selection: readonly string[], option: VisitDateOption, checked: boolean): string[] {
  if (option.locked) return [...selection];
  const without = selection.filter((day) => day !== option.day);
  return checked ? [...without, option.day].sort() : without;
}

/** The client-side check before saving (SPEC 8: select a date). */
export function selectionProblem(selection: readonly string[]): 'VISIT_DATE_REQUIRED' | undefined {
  return selection.length === 0 ? 'VISIT_DATE_REQUIRED' : undefined;
}

export function selectionChanged(options: readonly VisitDateOption[], selection: readonly string[]): boolean {
  const initial = initialSelection(options);
  return initial.length !== selection.length || initial.some((day) => !selection.includes(day));
}

/** The deadlines the page showed, sent with the selection (VISIT_DATE_DEADLINE_CHANGED when one moved). */
export function seenDeadlines(options: readonly VisitDateOption[]): Array<{ day: string; deadline: string }> {
  return options.map((option) => ({ day: option.day, deadline: option.deadline }));
}

const VISIT_DATE_CODES = [
  'VISIT_DATE_REQUIRED',
  'VISIT_DATE_INVALID',
  'VISIT_DATE_SAVE_FAILED',
  'VISIT_DATE_DEADLINE_PASSED',
  'VISIT_DATE_FULL',
  'VISIT_DATE_REDEEMED',
  'VISIT_DATE_DEADLINE_SELECTED',
  'VISIT_DATE_DEADLINE_CHANGED',
] as const;
export type VisitDateErrorCode = (typeof VISIT_DATE_CODES)[number];

/**
 * What a failed save shows: a visit-date code is shown as such (the deadline change with a refresh
 * button); any other known code keeps its own message; anything else (network, server error) is the
 * save error of SPEC 8.
 */
export function visitDateFailure(error: unknown): { code: string; refresh: boolean; ownMessage: boolean } {
  const { code } = normaliseError(error);
  if (code && (VISIT_DATE_CODES as readonly string[]).includes(code)) {
    return { code, refresh: code === 'VISIT_DATE_DEADLINE_CHANGED' || code === 'VISIT_DATE_FULL' || code === 'VISIT_DATE_DEADLINE_PASSED', ownMessage: false };
  }
  if (code && isErrorCode(code) && code !== 'INTERNAL') return { code, refresh: false, ownMessage: true };
  return { code: 'VISIT_DATE_SAVE_FAILED', refresh: false, ownMessage: false };
}
