// Exhibitor accounts: a company registers itself (zh-CN and en-US screens) and waits for
// approval; the organizer approves it in /wo/exhibitor/list (as a selection, told the badge limit it got from the
// quota rule), creates another company with its booth's area and type and reads its initial
// password once, then gives it a logo in the edit dialog; that exhibitor signs in on a phone and must change
// the password before anything else.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { downloadSheetColumn } from './support/spreadsheets';
import { describeE2E, unlessPageFails, useBrowser, type Device, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { waitForVerificationCode } from './support/outbox';
import { exactPath, loginPath, pathUnder, PATHS } from './support/paths';
import { checkPage, clickWhenOpened, demoUsers, expectHeading, signInWithPassword, solveCaptcha, waitForLanguage, waitForPath, waitForSettled } from './support/portal';
import { uiText } from './support/texts';
import { chooseOption } from './support/select';
import { picturesDir, writeNoisePicture } from './support/pictures';
import { checkInBothLanguages, switchLanguage, uploadPicture } from './support/visitor-journey';

const run = Date.now() % 1_000_000;
const registered = { nameZh: `速骑动力 ${run}`, nameEn: `Suqi Power ${run}`, contact: '陈经理', mobile: `139${String(run).padStart(8, '0')}`, email: `expo${run}@suqi.example.com`, password: 'Suqi2026ok' };
// 45 m² of shell scheme under the seeded rule (one badge per 9 m², minimum 2): 5 badges.
const created = { nameZh: `雷驰机车 ${run}`, nameEn: `Leichi Motor ${run}`, contact: '赵经理', email: `team${run}@leichi.example.com`, booth: 'B-208', area: '45', limit: '5' };

/** The registration screen in both languages (desktop and phone), then — on desktop — the registration itself. */
async function registerCompany(page: Page, device: Device, locale: Locale, submit: boolean) {
  await page.goto(`${loginPath({ scope: 'exhibitor' })}`);
  // The exhibitor tab asks for an exhibitor account, not a visitor's.
  const question = (await page.getByTestId('login-register-question').textContent()) ?? '';
  expect([uiText('zh-CN', 'exhibitor-account:register.noAccount'), uiText('en-US', 'exhibitor-account:register.noAccount')]).toContain(question);
  await page.getByTestId('login-register-link').click();
  await waitForPath(page, exactPath(PATHS.exhibitorRegister));
  await waitForLanguage(page, locale);
  await unlessPageFails(page, page.getByTestId('exhibitor-register-page').waitFor());
  await checkInBothLanguages(page, `exhibitor-accounts-${device}-01-register`, locale, 'exhibitor-account:register.title', device);
  if (!submit) return;

  await page.getByTestId('exhibitor-register-nameZh').fill(registered.nameZh);
  await page.getByTestId('exhibitor-register-nameEn').fill(registered.nameEn);
  await page.getByTestId('exhibitor-register-contactName').fill(registered.contact);
  await page.getByTestId('exhibitor-register-contactMobile').fill(registered.mobile);
  await page.getByTestId('exhibitor-register-contactEmail').fill(registered.email);
  const askedAt = new Date();
  await solveCaptcha(page);
  await page.getByTestId('exhibitor-register-send-code').click();
  const code = await waitForVerificationCode(registered.email, askedAt);
  await page.getByTestId('exhibitor-register-code').fill(code);
  await page.getByTestId('exhibitor-register-password').fill(registered.password);
  await page.getByTestId('exhibitor-register-password-confirm').fill(registered.password);
  await page.getByTestId('exhibitor-register-submit').click();
  // The area shows the wait for approval in place of its pages (the index does not forward to the forms).
  await waitForPath(page, pathUnder(PATHS.exhibitor));
}

/** The row of the company in the organizer's list, found through the keyword filter. */
async function findRow(page: Page, keyword: string) {
  await page.getByTestId('exhibitor-keyword').locator('input').fill(keyword);
  await page.getByTestId('exhibitor-keyword').locator('input').press('Enter');
  const row = page.locator('tr[data-testid^="exhibitor-row-"]', { hasText: keyword });
  await unlessPageFails(page, row.waitFor({ state: 'visible' }));
  await expect.poll(() => page.locator('tr[data-testid^="exhibitor-row-"]').count()).toBe(1);
  return row;
}

describeE2E('exhibitor accounts', () => {
  const { open } = useBrowser();

  it('registers a company, which waits until the organizer approves it; a created company changes its initial password first', async () => {
    // A company registers itself (desktop, from the exhibitor sign-in page) and sees the wait for approval.
    const company = await open({ locale: 'zh-CN', device: 'desktop' });
    await registerCompany(company.page, 'desktop', 'zh-CN', true);
    await unlessPageFails(company.page, company.page.getByTestId('exhibitor-pending-approval').waitFor());
    await waitForLanguage(company.page, 'zh-CN');
    await checkPage(company.page, 'exhibitor-accounts-desktop-02-pending-zh-CN');

    // The phone layout of the registration screen, both languages.
    const phone = await open({ locale: 'en-US', device: 'mobile' });
    await registerCompany(phone.page, 'mobile', 'en-US', false);

    // The organizer approves it in /wo/exhibitor/list …
    const organizer = await open({ locale: 'zh-CN', device: 'desktop' });
    const desk = organizer.page;
    await signInDirect(desk, demoUsers.organizer, 'zh-CN');
    await desk.goto(PATHS.organizerExhibitorList);
    await unlessPageFails(desk, desk.getByTestId('exhibitor-list-page').waitFor());
    await expectHeading(desk, uiText('zh-CN', 'exhibitor-account:list.title'));
    const pendingRow = await findRow(desk, registered.nameZh);
    expect(await pendingRow.getByTestId('exhibitor-status').getAttribute('data-status')).toBe('PENDING');
    await checkPage(desk, 'exhibitor-accounts-organizer-01-list-zh-CN');
    await switchLanguage(desk, 'en-US');
    await expectHeading(desk, uiText('en-US', 'exhibitor-account:list.title'));
    await checkPage(desk, 'exhibitor-accounts-organizer-01-list-en-US');
    await switchLanguage(desk, 'zh-CN');
    // Approved as a selection (the way through a morning of self-registrations); the organizer is told the badge
    // limit each company got (its booth is not known yet: the standard booth's minimum, 2), in a notice that stays
    // until closed.
    await pendingRow.getByRole('checkbox').check();
    await desk.getByTestId('exhibitor-approve-selected').click();
    await desk.getByTestId('exhibitor-approve-selected-confirm').click();
    await expect.poll(() => pendingRow.getByTestId('exhibitor-status').getAttribute('data-status')).toBe('ACTIVE');
    const told = desk.getByTestId('exhibitor-approved-limits');
    await unlessPageFails(desk, told.waitFor({ state: 'visible' }));
    expect(await told.innerText()).toContain(`${registered.nameZh} 2`);
    expect(await pendingRow.getByTestId('exhibitor-credentials').innerText()).toBe('0 / 2');
    await checkPage(desk, 'exhibitor-accounts-organizer-01-approved-zh-CN');
    await told.locator('.ant-notification-notice-close').click();
    expect(await desk.getByTestId('exhibitor-approve-selected').count()).toBe(0);
    // The list's export holds the filtered companies: the approved one, found by its name.
    await expect.poll(async () => (await desk.getByTestId('exhibitor-export').getAttribute('href')) ?? '').toContain('keyword=');
    expect(await downloadSheetColumn(desk, (await desk.getByTestId('exhibitor-export').getAttribute('href')) ?? '', 2)).toEqual([registered.nameZh]);

    // … and the company's area opens its forms.
    await company.page.reload();
    await waitForPath(company.page, exactPath(PATHS.exhibitorHome));
    await expectHeading(company.page, uiText('zh-CN', 'common:exhibitor.pages.applicationList'));
    expect(await company.page.getByTestId('exhibitor-pending-approval').count()).toBe(0);

    // The organizer creates another company; its initial password is shown once.
    await desk.getByTestId('exhibitor-create').click();
    const form = desk.getByTestId('exhibitor-form-dialog');
    await unlessPageFails(desk, desk.getByTestId('exhibitor-form-nameZh').waitFor({ state: 'visible' }));
    await desk.getByTestId('exhibitor-form-nameZh').fill(created.nameZh);
    await desk.getByTestId('exhibitor-form-nameEn').fill(created.nameEn);
    await desk.getByTestId('exhibitor-form-contactName').fill(created.contact);
    await desk.getByTestId('exhibitor-form-contactEmail').fill(created.email);
    await desk.getByTestId('exhibitor-form-bootNumber').fill(created.booth);
    await desk.getByTestId('exhibitor-form-boothArea').fill(created.area);
    await chooseOption(desk, desk.getByTestId('exhibitor-form-boothType'), uiText('zh-CN', 'badge-quota:boothType.SHELL_SCHEME'));
    await checkPage(desk, 'exhibitor-accounts-organizer-02-create-zh-CN');
    await desk.getByTestId('exhibitor-form-submit').click();
    const passwordValue = desk.getByTestId('initial-password-value');
    await unlessPageFails(desk, passwordValue.waitFor({ state: 'visible' }));
    await form.waitFor({ state: 'hidden' });
    const initialPassword = (await passwordValue.innerText()).trim();
    expect(initialPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    await checkPage(desk, 'exhibitor-accounts-organizer-03-initial-password-zh-CN');
    await desk.getByTestId('initial-password-close').click();
    await passwordValue.waitFor({ state: 'detached' });
    const createdRow = await findRow(desk, created.nameZh);
    expect(await createdRow.getByTestId('exhibitor-credentials').innerText()).toBe(`0 / ${created.limit}`);

    // The organizer gives it a logo in the edit dialog; the list shows the picture.
    expect(await createdRow.getByTestId('exhibitor-logo').count()).toBe(0);
    await createdRow.getByTestId('exhibitor-edit').click();
    await unlessPageFails(desk, desk.getByTestId('photo-upload-EXHIBITOR_LOGO').waitFor({ state: 'visible' }));
    await uploadPicture(desk, 'EXHIBITOR_LOGO', await writeNoisePicture(join(picturesDir(), 'logo.jpg'), 400, 400));
    await checkPage(desk, 'exhibitor-accounts-organizer-04-logo-zh-CN');
    await desk.getByTestId('exhibitor-form-submit').click();
    await form.waitFor({ state: 'hidden' });
    const logo = createdRow.getByTestId('exhibitor-logo').locator('img');
    await unlessPageFails(desk, logo.waitFor({ state: 'visible' }));
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // That exhibitor signs in on a phone: only the change-password dialog, which cannot be dismissed.
    const newcomer = await open({ locale: 'zh-CN', device: 'mobile' });
    const hand = newcomer.page;
    await hand.goto(loginPath({ scope: 'exhibitor' }));
    await waitForSettled(hand);
    await signInWithPassword(hand, { identity: created.email, password: initialPassword });
    await waitForPath(hand, pathUnder(PATHS.exhibitor));
    const dialog = hand.getByTestId('change-password-dialog');
    await unlessPageFails(hand, hand.getByTestId('change-password-forced').waitFor({ state: 'visible' }));
    await checkPage(hand, 'exhibitor-accounts-mobile-03-forced-password-zh-CN');
    await hand.keyboard.press('Escape');
    await expect.poll(() => hand.getByTestId('change-password-forced').isVisible()).toBe(true);
    expect(await hand.locator('.ant-modal-close').count()).toBe(0);
    await hand.getByTestId('password-current').fill(initialPassword);
    await hand.getByTestId('password-new').fill('Leichi2026ok');
    await hand.getByTestId('password-confirm').fill('Leichi2026ok');
    await hand.getByTestId('password-submit').click();
    await unlessPageFails(hand, hand.getByTestId('change-password-forced').waitFor({ state: 'detached' }));
    await expectHeading(hand, uiText('zh-CN', 'common:exhibitor.pages.applicationList'));
    await checkPage(hand, 'exhibitor-accounts-mobile-04-after-change-zh-CN');

    // Afterwards the dialog is offered from the user menu, and it closes as usual.
    await hand.getByTestId('user-menu').click();
    await clickWhenOpened(hand.getByTestId('change-password-menu-item'));
    await unlessPageFails(hand, hand.getByTestId('password-current').waitFor({ state: 'visible' }));
    expect(await hand.getByTestId('change-password-forced').count()).toBe(0);
    await hand.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    for (const opened of [company, phone, organizer, newcomer]) expect(opened.problems).toEqual([]);
  });
});
