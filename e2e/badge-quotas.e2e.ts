// Badge quotas through the real UI: the organizer sets the corner booths' rule on /wo/exhibitor/quotas and creates a
// company with a 36 m² corner booth (its limit follows the rule, and follows it again when the rule changes); the
// company signs in, reads on its badge page how its limit was computed and orders two extra badges; the organizer
// marks the order paid and the company sees the new limit. Pages are axe-checked and photographed in both languages
// (e2e/artifacts/badge-quotas-*.png); the exhibitor area opens in Chinese and its switcher shows English. Last, the
// organizer imports companies from a csv (a per-row report: one skipped with its reason, one created with its
// initial password) and exports the list with each company's booth, limit and badges used.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, loginPath, PATHS } from './support/paths';
import { checkPage, demoUsers, expectHeading, signInWithPassword, waitForPath, waitForSettled } from './support/portal';
import { chooseOption } from './support/select';
import { uiText } from './support/texts';
import { downloadSheetColumn } from './support/spreadsheets';
import { checkInBothLanguages, switchLanguage } from './support/visitor-journey';

const run = Date.now() % 1_000_000;
const company = { nameZh: `角位摩托 ${run}`, nameEn: `Corner Moto ${run}`, contact: '孙经理', email: `corner${run}@moto.example.com`, booth: 'C-08', area: '36' };

/** The company's row in the organizer's list, found through the keyword filter. */
async function findRow(page: Page, keyword: string) {
  await page.getByTestId('exhibitor-keyword').locator('input').fill(keyword);
  await page.getByTestId('exhibitor-keyword').locator('input').press('Enter');
  const row = page.locator('tr[data-testid^="exhibitor-row-"]', { hasText: keyword });
  await unlessPageFails(page, row.waitFor({ state: 'visible' }));
  return row;
}

/** Types one rule's values and saves the row. */
async function saveCornerRule(page: Page, areaPerBadge: string, minimum: string) {
  await page.getByTestId('quota-rule-CORNER-areaPerBadge').fill(areaPerBadge);
  await page.getByTestId('quota-rule-CORNER-minimum').fill(minimum);
  await page.getByTestId('quota-rule-CORNER-save').click();
  await unlessPageFails(page, page.locator('.ant-message-success').last().waitFor({ state: 'visible' }));
  await expect.poll(() => page.getByTestId('quota-rule-CORNER-save').isDisabled()).toBe(true);
}

describeE2E('badge quotas', () => {
  const { open } = useBrowser();

  it('computes a company’s badge limit from its booth and the rule; extra badges count once paid; imports and exports the list', async () => {
    // The organizer sets the corner booths' rule: one badge per 12 m², at least 2.
    const organizer = await open({ locale: 'zh-CN', device: 'desktop' });
    const desk = organizer.page;
    await signInDirect(desk, demoUsers.organizer, 'zh-CN');
    await desk.goto(PATHS.organizerBadgeQuotas);
    await unlessPageFails(desk, desk.getByTestId('quota-rule-CORNER-save').waitFor());
    await checkInBothLanguages(desk, 'badge-quotas-organizer-01-rules', 'zh-CN', 'badge-quota:rules.title', 'desktop');
    await saveCornerRule(desk, '12', '2');

    // It creates a company with a 36 m² corner booth: 36 / 12 → 3 badges.
    await desk.goto(PATHS.organizerExhibitorList);
    await unlessPageFails(desk, desk.getByTestId('exhibitor-list-page').waitFor());
    await desk.getByTestId('exhibitor-create').click();
    await unlessPageFails(desk, desk.getByTestId('exhibitor-form-nameZh').waitFor({ state: 'visible' }));
    await desk.getByTestId('exhibitor-form-nameZh').fill(company.nameZh);
    await desk.getByTestId('exhibitor-form-nameEn').fill(company.nameEn);
    await desk.getByTestId('exhibitor-form-contactName').fill(company.contact);
    await desk.getByTestId('exhibitor-form-contactEmail').fill(company.email);
    await desk.getByTestId('exhibitor-form-bootNumber').fill(company.booth);
    await desk.getByTestId('exhibitor-form-boothArea').fill(company.area);
    await chooseOption(desk, desk.getByTestId('exhibitor-form-boothType'), uiText('zh-CN', 'badge-quota:boothType.CORNER'));
    await checkPage(desk, 'badge-quotas-organizer-02-create-zh-CN');
    await desk.getByTestId('exhibitor-form-submit').click();
    const passwordValue = desk.getByTestId('initial-password-value');
    await unlessPageFails(desk, passwordValue.waitFor({ state: 'visible' }));
    const initialPassword = (await passwordValue.innerText()).trim();
    await desk.getByTestId('initial-password-close').click();
    await passwordValue.waitFor({ state: 'detached' });
    const row = await findRow(desk, company.nameZh);
    expect(await row.getByTestId('exhibitor-credentials').innerText()).toBe('0 / 3');
    expect(await row.getByTestId('exhibitor-booth').innerText()).toBe(`36 m² · ${uiText('zh-CN', 'badge-quota:boothType.CORNER')}`);

    // A lower area per badge recomputes the company's limit: 36 / 6 → 6.
    await desk.goto(PATHS.organizerBadgeQuotas);
    await unlessPageFails(desk, desk.getByTestId('quota-rule-CORNER-save').waitFor());
    await saveCornerRule(desk, '6', '2');
    await desk.goto(PATHS.organizerExhibitorList);
    expect(await (await findRow(desk, company.nameZh)).getByTestId('exhibitor-credentials').innerText()).toBe('0 / 6');

    // The company signs in (its initial password changed first) and reads how its limit was reached, in both languages.
    const exhibitor = await open({ locale: 'zh-CN', device: 'desktop' });
    const hand = exhibitor.page;
    await hand.goto(loginPath({ scope: 'exhibitor' }));
    await waitForSettled(hand);
    await signInWithPassword(hand, { identity: company.email, password: initialPassword });
    await unlessPageFails(hand, hand.getByTestId('change-password-forced').waitFor({ state: 'visible' }));
    await hand.getByTestId('password-current').fill(initialPassword);
    await hand.getByTestId('password-new').fill(`Corner${run}ok`);
    await hand.getByTestId('password-confirm').fill(`Corner${run}ok`);
    await hand.getByTestId('password-submit').click();
    await unlessPageFails(hand, hand.getByTestId('change-password-forced').waitFor({ state: 'detached' }));
    await waitForPath(hand, exactPath(PATHS.exhibitorHome));
    await expectHeading(hand, uiText('zh-CN', 'common:exhibitor.pages.applicationList'));
    const quotaText = hand.getByTestId('own-badge-quota-text');
    await unlessPageFails(hand, quotaText.waitFor({ state: 'visible' }));
    expect(await quotaText.innerText()).toBe('36 m² 角位：每 6 m² 1 个 → 6 个（最少 2 个）');
    expect(await hand.getByTestId('badge-usage').getAttribute('data-limit')).toBe('6');
    await checkInBothLanguages(hand, 'badge-quotas-exhibitor-01-quota', 'zh-CN', 'badge-quota:card.title', 'desktop');
    await switchLanguage(hand, 'en-US');
    await expect.poll(() => quotaText.innerText()).toBe('36 m² corner: 1 per 6 m² → 6 (minimum 2)');
    await switchLanguage(hand, 'zh-CN');

    // It orders two extra badges: open until the organizer confirms the payment.
    await hand.getByTestId('own-extra-order').click();
    await unlessPageFails(hand, hand.getByTestId('own-extra-order-quantity').waitFor({ state: 'visible' }));
    await hand.getByTestId('own-extra-order-quantity').fill('2');
    await hand.getByTestId('own-extra-order-note').fill('展台加派讲解员');
    await checkPage(hand, 'badge-quotas-exhibitor-02-order-zh-CN');
    await hand.getByTestId('own-extra-order-submit').click();
    const orderRow = hand.getByTestId('own-extra-order-row').first();
    await unlessPageFails(hand, orderRow.waitFor({ state: 'visible' }));
    expect(await orderRow.getAttribute('data-status')).toBe('OPEN');
    expect(await quotaText.getAttribute('data-limit')).toBe('6');

    // The organizer sees the open order and marks it paid.
    await desk.goto(PATHS.organizerBadgeQuotas);
    const order = desk.locator(`tr[data-company="${company.nameZh}"]`);
    await unlessPageFails(desk, order.waitFor({ state: 'visible' }));
    await checkInBothLanguages(desk, 'badge-quotas-organizer-03-open-order', 'zh-CN', 'badge-quota:orders.title', 'desktop');
    await order.getByTestId('extra-order-paid').click();
    await desk.getByTestId('extra-order-paid-confirm').click();
    // Paid, it leaves the open orders.
    await order.waitFor({ state: 'detached' });
    await desk.goto(PATHS.organizerExhibitorList);
    expect(await (await findRow(desk, company.nameZh)).getByTestId('exhibitor-credentials').innerText()).toBe('0 / 8');

    // The company sees its new limit and how it was reached.
    await hand.reload();
    await unlessPageFails(hand, quotaText.waitFor({ state: 'visible' }));
    await expect.poll(() => quotaText.innerText()).toBe('36 m² 角位：每 6 m² 1 个 → 6 个（最少 2 个）；+ 已付款追加 2 个 = 8 个');
    expect(await hand.getByTestId('badge-usage').getAttribute('data-limit')).toBe('8');
    expect(await hand.getByTestId('own-extra-order-row').first().getAttribute('data-status')).toBe('PAID');
    await checkInBothLanguages(hand, 'badge-quotas-exhibitor-03-paid', 'zh-CN', 'badge-quota:card.title', 'desktop');

    // The organizer imports companies: a bad area is skipped with its reason; the good row is created, its limit
    // from the corner rule (18 / 6 → 3), its initial password shown once.
    const imported = `导入角位 ${run}`;
    const csv = ['公司中文名称,公司英文名称,展位号,面积,类型,联系人,手机号,邮箱', `${imported},Imported Corner ${run},C-09,18,角位,钱经理,,imported${run}@moto.example.com`, `面积有误 ${run},Bad Area ${run},C-10,-3,角位,李经理,,bad${run}@moto.example.com`].join('\n');
    await desk.getByTestId('exhibitor-import-open').click();
    await desk.getByTestId('exhibitor-import-file').setInputFiles({ name: 'exhibitors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await desk.getByTestId('exhibitor-import-submit').click();
    const report = desk.getByTestId('exhibitor-import-report');
    await unlessPageFails(desk, report.waitFor({ state: 'visible' }));
    await expect.poll(() => report.locator('tbody tr').first().textContent()).toContain(`3D-3${uiText('zh-CN', 'exhibitor-account:report.problems.AREA')}`);
    await desk.getByTestId('exhibitor-import-good-rows').click();
    const createdRows = desk.getByTestId('exhibitor-import-created').locator('tbody tr');
    await unlessPageFails(desk, createdRows.first().waitFor({ state: 'visible' }));
    expect(await createdRows.first().innerText()).toContain(imported);
    await checkPage(desk, 'badge-quotas-organizer-04-import-zh-CN');
    await desk.getByTestId('exhibitor-import').locator('.ant-modal-close').click();
    expect(await (await findRow(desk, imported)).getByTestId('exhibitor-credentials').innerText()).toBe('0 / 3');

    // The export holds the filtered list with the limit and the badges used.
    const href = await desk.getByTestId('exhibitor-export').getAttribute('href');
    expect(href).toContain('keyword=');
    expect(await downloadSheetColumn(desk, href ?? '', 6)).toEqual(['3']);
    expect(await downloadSheetColumn(desk, `/apis/files/exports/exhibitors.xlsx?keyword=${encodeURIComponent(company.nameZh)}`, 6)).toEqual(['8']);

    for (const opened of [organizer, exhibitor]) expect(opened.problems).toEqual([]);
  });
});
