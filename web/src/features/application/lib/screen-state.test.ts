import { describe, expect, it } from 'vitest';
import { applicationScreenState } from './screen-state';

const NOW = new Date('2026-11-01T00:00:00+08:00');
const BEFORE_DEADLINE = '2026-11-13T23:59:59+08:00';
const AFTER_DEADLINE = '2026-10-01T00:00:00+08:00';
const state = (status: 'CREATED' | 'WAIT' | 'DONE' | 'REFUSE' | null, audienceRegOpen: boolean, updateDeadline: string | null) =>
  applicationScreenState({ status, audienceRegOpen, updateDeadline, now: NOW });

describe('application screen: the server’s submit rule', () => {
  it('an approved application is never a form, even before the deadline (the server refuses the edit)', () => {
    expect(state('DONE', true, BEFORE_DEADLINE)).toBe('not-editable');
    expect(state('DONE', true, null)).toBe('not-editable');
  });

  it('a refused application cannot be edited after the deadline (the server refuses it)', () => {
    expect(state('REFUSE', true, AFTER_DEADLINE)).toBe('not-editable');
    expect(state('REFUSE', true, BEFORE_DEADLINE)).toBe('form');
    expect(state('WAIT', true, AFTER_DEADLINE)).toBe('not-editable');
  });

  it('an edit is allowed while registration is closed: no "Registration Closed" in edit mode', () => {
    expect(state('WAIT', false, BEFORE_DEADLINE)).toBe('form');
    expect(state('REFUSE', false, null)).toBe('form');
  });

  it('a first application needs open registration, whatever the deadline', () => {
    expect(state(null, true, AFTER_DEADLINE)).toBe('form');
    expect(state('CREATED', true, null)).toBe('form');
    expect(state(null, false, null)).toBe('closed');
    expect(state('CREATED', false, BEFORE_DEADLINE)).toBe('closed');
  });
});
