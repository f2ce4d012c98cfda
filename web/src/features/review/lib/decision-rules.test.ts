import { describe, expect, it } from 'vitest';
import { MAX_BULK_DECISIONS, REFUSE_REASON_MAX_LENGTH, ZApproveApplicationsInput as ZApproveApplicationInput } from '@portal/shared/review/review.schema';
import { FACE_MATCH_SCORE } from '@portal/shared/media/photo-rules';
import { actionsForStatus, bulkRules, isSelectable, normaliseReason } from './decision-rules';
import { faceMatchLevel, faceMatchPercent } from '../../../lib/face-match';
import { isWeChatBrowser } from '../../../lib/wechat';

describe('actions of one application', () => {
  it('follows DESIGN §6: WAIT → approve or refuse, DONE → revoke, REFUSE and CREATED → none', () => {
    expect(actionsForStatus('WAIT')).toEqual(['approve', 'refuse']);
    expect(actionsForStatus('DONE')).toEqual(['revoke']);
    expect(actionsForStatus('REFUSE')).toEqual([]);
    expect(actionsForStatus('CREATED')).toEqual([]);
    expect(['WAIT', 'DONE', 'REFUSE', 'CREATED'].filter((status) => isSelectable(status as 'WAIT'))).toEqual(['WAIT', 'DONE']);
  });
});

describe('bulk actions of a selection', () => {
  it('nothing selected allows nothing', () => {
    const rules = bulkRules([]);
    expect(rules.approve).toEqual({ allowed: false, block: 'empty' });
    expect(rules.refuse).toMatchObject({ allowed: false, block: 'empty' });
  });

  it('only pending rows: approve and refuse', () => {
    const rules = bulkRules(['WAIT', 'WAIT']);
    expect(rules.approve.allowed).toBe(true);
    expect(rules.refuse).toEqual({ allowed: true, block: null, revokes: 0 });
  });

  it('pending and approved rows: refuse (revoking the approved ones) but not approve', () => {
    const rules = bulkRules(['WAIT', 'DONE', 'DONE']);
    expect(rules.approve).toEqual({ allowed: false, block: 'notAllPending' });
    expect(rules.refuse).toEqual({ allowed: true, block: null, revokes: 2 });
  });

  it('only approved rows: revoke only', () => {
    const rules = bulkRules(['DONE']);
    expect(rules.approve.allowed).toBe(false);
    expect(rules.refuse).toEqual({ allowed: true, block: null, revokes: 1 });
  });

  it('a refused or not-submitted row blocks both (the server would refuse the whole batch)', () => {
    for (const other of ['REFUSE', 'CREATED'] as const) {
      const rules = bulkRules(['WAIT', other]);
      expect(rules.approve).toEqual({ allowed: false, block: 'notAllPending' });
      expect(rules.refuse).toMatchObject({ allowed: false, block: 'notAllReviewable' });
    }
  });

  it('more than the server’s batch limit allows nothing', () => {
    const many = Array.from({ length: MAX_BULK_DECISIONS + 1 }, () => 'WAIT' as const);
    expect(bulkRules(many).approve.block).toBe('tooMany');
    expect(bulkRules(many).refuse.block).toBe('tooMany');
    expect(bulkRules(many.slice(1)).approve.allowed).toBe(true);
  });

  it('the batch limit is the shared schema’s', () => {
    const ids = (count: number) => Array.from({ length: count }, () => crypto.randomUUID());
    expect(ZApproveApplicationInput.safeParse({ ids: ids(MAX_BULK_DECISIONS) }).success).toBe(true);
    expect(ZApproveApplicationInput.safeParse({ ids: ids(MAX_BULK_DECISIONS + 1) }).success).toBe(false);
  });
});

describe('refusal reason', () => {
  it('is trimmed and needs 1..500 characters', () => {
    expect(normaliseReason('  unreadable photo ')).toEqual({ value: 'unreadable photo', valid: true });
    expect(normaliseReason('   ').valid).toBe(false);
    expect(normaliseReason('x'.repeat(REFUSE_REASON_MAX_LENGTH)).valid).toBe(true);
    expect(normaliseReason('x'.repeat(501)).valid).toBe(false);
  });
});

describe('face-match hint', () => {
  it('puts the score in plain words around the shared threshold', () => {
    expect(faceMatchLevel(null)).toBe('unknown');
    expect(faceMatchLevel(undefined)).toBe('unknown');
    expect(faceMatchLevel(Number.NaN)).toBe('unknown');
    expect(faceMatchLevel(0.92)).toBe('likely');
    expect(faceMatchLevel(FACE_MATCH_SCORE + 0.05)).toBe('uncertain');
    expect(faceMatchLevel(FACE_MATCH_SCORE)).toBe('uncertain');
    expect(faceMatchLevel(FACE_MATCH_SCORE - 0.01)).toBe('unlikely');
    expect(faceMatchLevel(0)).toBe('unlikely');
    expect(faceMatchPercent(0.734)).toBe(73);
    expect(faceMatchPercent(1.2)).toBe(100);
  });
});

describe('WeChat detection', () => {
  it('recognises the in-app browser by MicroMessenger', () => {
    expect(isWeChatBrowser('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F3B) WeChat/arm64')).toBe(true);
    expect(isWeChatBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36')).toBe(false);
  });
});
