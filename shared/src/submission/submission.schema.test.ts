import { describe, expect, it } from 'vitest';
import { DECISION_RULES, REJECT_REASON_MAX_LENGTH, SUBMISSION_KINDS, WIRE_STATUSES, ZRejectSubmissionsInput, decisionsAllowed, isEditableByExhibitor, statusAfterDecision } from './submission.schema';
import { APPROVE_STATUSES } from '../application/application-status';

const ID = '7a0d5a56-3a39-4d5b-9b0e-0a6f2b1c9d11';

describe('the review workflow rules', () => {
  it('decides pending items; only a kind whose rule says so withdraws an approval by rejecting it', () => {
    for (const kind of SUBMISSION_KINDS) {
      const rule = DECISION_RULES[kind];
      expect(statusAfterDecision('PENDING', 'approve', rule)).toBe('APPROVED');
      expect(statusAfterDecision('PENDING', 'reject', rule)).toBe('REJECTED');
      expect(statusAfterDecision('APPROVED', 'approve', rule)).toBeNull();
      expect(statusAfterDecision('REJECTED', 'reject', rule)).toBeNull();
      expect(statusAfterDecision('APPROVED', 'reject', rule)).toBe(kind === 'badge' ? 'REJECTED' : null);
    }
    expect(decisionsAllowed('APPROVED', DECISION_RULES.badge)).toEqual({ approve: false, reject: true });
    expect(decisionsAllowed('APPROVED', DECISION_RULES.catalog)).toEqual({ approve: false, reject: false });
  });

  it('leaves approved items read-only to the exhibitor', () => {
    expect([isEditableByExhibitor('PENDING'), isEditableByExhibitor('REJECTED'), isEditableByExhibitor('APPROVED')]).toEqual([true, true, false]);
  });

  it('holds every kind to one reject-reason limit of 500 characters', () => {
    expect(REJECT_REASON_MAX_LENGTH).toBe(500);
    expect(ZRejectSubmissionsInput.safeParse({ ids: [ID], reason: 'x'.repeat(500) }).success).toBe(true);
    const tooLong = ZRejectSubmissionsInput.safeParse({ ids: [ID], reason: 'x'.repeat(501) });
    expect(tooLong.error?.issues[0]?.message).toBe('SUBMISSION_REJECT_REASON_REQUIRED');
  });

  it('maps the one vocabulary onto each API\'s spelling: visitor applications stay WAIT / DONE / REFUSE', () => {
    expect(WIRE_STATUSES.application).toEqual({ PENDING: 'WAIT', APPROVED: 'DONE', REJECTED: 'REFUSE' });
    expect(Object.values(WIRE_STATUSES.application).every((status) => (APPROVE_STATUSES as readonly string[]).includes(status))).toBe(true);
    expect(Object.entries(WIRE_STATUSES.submission).every(([state, wire]) => state === wire)).toBe(true);
  });
});
