import { describe, expect, it } from 'vitest';
import { badgeQuota, ruleValue, ZDecideExtraBadgeOrderInput, ZSaveBoothQuotaRuleInput, type BoothQuotaRule } from './badge-quota';
import { ZUpdateExhibitorInput } from './exhibitor.schema';

const RULES: BoothQuotaRule[] = [
  { boothType: 'RAW_SPACE', areaPerBadge: 12, minimum: 3, maximum: 30 },
  { boothType: 'SHELL_SCHEME', areaPerBadge: 9, minimum: 2, maximum: null },
  { boothType: 'CORNER', areaPerBadge: 0.1, minimum: 0, maximum: null },
  { boothType: 'ISLAND', areaPerBadge: 8, minimum: 6, maximum: 6 },
];

describe('badge quota', () => {
  it('gives one badge per area step, within the minimum and the maximum', () => {
    expect(ruleValue(RULES[1] as BoothQuotaRule, 36)).toEqual({ byArea: 4, base: 4 });
    expect(ruleValue(RULES[1] as BoothQuotaRule, 40.5)).toEqual({ byArea: 4, base: 4 });
    expect(ruleValue(RULES[1] as BoothQuotaRule, 9)).toEqual({ byArea: 1, base: 2 });
    expect(ruleValue(RULES[0] as BoothQuotaRule, 1000)).toEqual({ byArea: 83, base: 30 });
    // Hundredths, not floats: 0.3 m² at 0.1 m² per badge is 3 badges, not 2.
    expect(ruleValue(RULES[2] as BoothQuotaRule, 0.3)).toEqual({ byArea: 3, base: 3 });
  });

  it('applies the minimum while the area is unknown, and the standard booth while the type is', () => {
    expect(badgeQuota(RULES, { boothArea: null, boothType: 'RAW_SPACE', limitOverride: null, paidExtra: 0 })).toMatchObject({ source: 'RULE', byArea: null, base: 3, limit: 3 });
    expect(badgeQuota(RULES, { boothArea: 500, boothType: null, limitOverride: null, paidExtra: 0 })).toMatchObject({ source: 'RULE', rule: { boothType: 'SHELL_SCHEME' }, byArea: 55, limit: 55 });
  });

  it('adds the paid extra badges to the rule or to the override', () => {
    expect(badgeQuota(RULES, { boothArea: 36, boothType: 'SHELL_SCHEME', limitOverride: null, paidExtra: 2 })).toMatchObject({ source: 'RULE', base: 4, paidExtra: 2, limit: 6 });
    expect(badgeQuota(RULES, { boothArea: 36, boothType: 'SHELL_SCHEME', limitOverride: 10, paidExtra: 0 })).toEqual({ source: 'OVERRIDE', boothArea: 36, boothType: 'SHELL_SCHEME', base: 10, paidExtra: 0, limit: 10 });
    expect(badgeQuota(RULES, { boothArea: null, boothType: null, limitOverride: 0, paidExtra: 3 })).toMatchObject({ source: 'OVERRIDE', limit: 3 });
  });

  it('validates the rule, the override reason and a refusal reason', () => {
    expect(ZSaveBoothQuotaRuleInput.safeParse({ boothType: 'CORNER', areaPerBadge: 9, minimum: 3, maximum: 2 }).error?.issues[0]?.message).toBe('BOOTH_QUOTA_MAXIMUM_INVALID');
    expect(ZSaveBoothQuotaRuleInput.safeParse({ boothType: 'CORNER', areaPerBadge: 0, minimum: 3 }).error?.issues[0]?.message).toBe('BOOTH_QUOTA_AREA_INVALID');
    expect(ZSaveBoothQuotaRuleInput.safeParse({ boothType: 'CORNER', areaPerBadge: 9.125, minimum: 3 }).error?.issues[0]?.message).toBe('BOOTH_QUOTA_AREA_INVALID');
    expect(ZSaveBoothQuotaRuleInput.parse({ boothType: 'CORNER', areaPerBadge: 4.5, minimum: 3 })).toEqual({ boothType: 'CORNER', areaPerBadge: 4.5, minimum: 3, maximum: null });
    const company = { id: crypto.randomUUID(), nameZh: '甲', nameEn: 'A', contactName: '王', boothArea: 36, boothType: 'SHELL_SCHEME' };
    expect(ZUpdateExhibitorInput.safeParse({ ...company, limitOverride: 10 }).error?.issues[0]).toMatchObject({ path: ['limitOverrideReason'], message: 'EXHIBITOR_OVERRIDE_REASON_REQUIRED' });
    expect(ZUpdateExhibitorInput.safeParse({ ...company, boothArea: -1 }).error?.issues[0]?.message).toBe('EXHIBITOR_AREA_INVALID');
    expect(ZUpdateExhibitorInput.parse({ ...company, limitOverride: 10, limitOverrideReason: ' 赞助商 ' })).toMatchObject({ limitOverride: 10, limitOverrideReason: '赞助商' });
    expect(ZDecideExtraBadgeOrderInput.safeParse({ id: crypto.randomUUID(), decision: 'REFUSED' }).error?.issues[0]?.message).toBe('EXTRA_BADGE_REASON_REQUIRED');
  });
});
