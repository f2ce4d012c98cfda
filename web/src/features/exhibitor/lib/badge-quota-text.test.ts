import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zhCN from '../../../locales/zh-CN/badge-quota.json';
import enUS from '../../../locales/en-US/badge-quota.json';
import type { BadgeQuotaFieldsFragment } from '../../../graphql/operations.generated';
import { badgeQuotaText } from './badge-quota-text';

const i18n = createInstance();
beforeAll(() => i18n.init({ lng: 'en-US', resources: { 'en-US': { 'badge-quota': enUS }, 'zh-CN': { 'badge-quota': zhCN } }, interpolation: { escapeValue: false }, showSupportNotice: false } as Parameters<typeof i18n.init>[0]));

const shell = { boothType: 'SHELL_SCHEME', areaPerBadge: 9, minimum: 2, maximum: null } as const;
const quota = (overrides: Partial<BadgeQuotaFieldsFragment>): BadgeQuotaFieldsFragment => ({ source: 'RULE', boothArea: 36, boothType: 'SHELL_SCHEME', rule: shell, byArea: 4, base: 4, paidExtra: 0, limit: 4, ...overrides });

describe('how a badge limit was reached, in words', () => {
  it('names the area, the rule, the bounds and the paid extras, in both languages', () => {
    const t = i18n.getFixedT('en-US');
    expect(badgeQuotaText(quota({ paidExtra: 2, limit: 6 }), t)).toBe('36 m² shell scheme: 1 per 9 m² → 4 (minimum 2); + 2 paid extra = 6');
    expect(badgeQuotaText(quota({ paidExtra: 2, limit: 6 }), i18n.getFixedT('zh-CN'))).toBe('36 m² 标准展位：每 9 m² 1 个 → 4 个（最少 2 个）；+ 已付款追加 2 个 = 6 个');
    expect(badgeQuotaText(quota({ boothArea: 10.5, byArea: 1, base: 2, limit: 2 }), t)).toBe('10.5 m² shell scheme: 1 per 9 m² → 1 → 2 (minimum 2)');
    expect(badgeQuotaText(quota({ boothType: 'RAW_SPACE', boothArea: 600, rule: { boothType: 'RAW_SPACE', areaPerBadge: 12, minimum: 3, maximum: 20 }, byArea: 50, base: 20, limit: 20 }), t)).toBe('600 m² raw space: 1 per 12 m² → 50 → 20 (minimum 3, maximum 20)');
  });

  it('says when the booth is not known yet, and when the organizer set the limit', () => {
    const t = i18n.getFixedT('en-US');
    expect(badgeQuotaText(quota({ boothArea: null, byArea: null, base: 2, limit: 2 }), t)).toBe('Area not set yet (shell scheme): the minimum of 2');
    expect(badgeQuotaText(quota({ boothType: null, boothArea: null, byArea: null, base: 2, limit: 2 }), t)).toBe("Booth not set yet: a shell scheme's minimum of 2");
    expect(badgeQuotaText(quota({ source: 'OVERRIDE', rule: null, byArea: null, base: 10, limit: 10 }), t)).toBe('Set by the organizer: 10');
    expect(badgeQuotaText(quota({ source: 'OVERRIDE', rule: null, byArea: null, base: 10, paidExtra: 3, limit: 13 }), i18n.getFixedT('zh-CN'))).toBe('由主办方设定：10 个；+ 已付款追加 3 个 = 13 个');
  });
});
