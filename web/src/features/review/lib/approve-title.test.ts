import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import enReview from '../../../locales/en-US/review.json';
import zhReview from '../../../locales/zh-CN/review.json';
import { approveTitle } from './approve-title';

async function translator(lng: 'zh-CN' | 'en-US') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { 'zh-CN': { review: zhReview }, 'en-US': { review: enReview } }, defaultNS: 'review', showSupportNotice: false });
  return i18n.getFixedT(lng, 'review');
}

describe('the approval question says what is approved', () => {
  it('names the applicant when one application is approved', async () => {
    expect(approveTitle(await translator('en-US'), ['Li Lei'])).toBe('Approve the application of Li Lei?');
    expect(approveTitle(await translator('zh-CN'), ['李雷'])).toBe('确认通过 李雷 的申请？');
    expect(approveTitle(await translator('en-US'), [null])).toBe('Approve this application?');
  });

  it('counts several', async () => {
    expect(approveTitle(await translator('en-US'), ['A', 'B', null])).toBe('Approve these 3 applications?');
    expect(approveTitle(await translator('zh-CN'), ['A', 'B'])).toBe('确认通过这 2 条申请？');
  });
});
