// The audit log: the super administrator finds a failed sign-in and a sign-in in the
// log, filters by action and by person, opens an entry's detail and exports what is filtered; in both
// languages, axe-checked. (Keyset paging is proven by the server test; the roles by the guard tests.)
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { downloadSheetColumn } from './support/spreadsheets';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { checkPage, demoUsers, expectHeading, menuEntry, signInWithPassword, waitForLanguage, waitForSettled } from './support/portal';
import { exactPath, loginPath, PATHS } from './support/paths';
import { squash, uiText } from './support/texts';

async function rowActions(page: Page): Promise<string[]> {
  await waitForSettled(page);
  return page.getByTestId('audit-action').allInnerTexts();
}

describeE2E('audit log', () => {
  const browser = useBrowser();

  it('shows who signed in and who failed, filters, opens the detail and exports (en-US, then zh-CN)', async () => {
    const { page, problems } = await browser.open({ locale: 'en-US' });
    // A failed sign-in first: the log must show it with the identity that was tried.
    await page.goto(loginPath({ scope: 'organizer' }));
    await waitForLanguage(page, 'en-US');
    await signInWithPassword(page, { identity: demoUsers.organizer.identity, password: 'not-the-password-1' });
    await unlessPageFails(page, page.getByText(uiText('en-US', 'errors:AUTH_WRONG_PASSWORD')).first().waitFor({ state: 'visible' }));
    await signInDirect(page, demoUsers.organizer, 'en-US');

    // The menu leads to the page.
    await menuEntry(page, 'en-US', 'common:organizer.menu.system').click();
    await menuEntry(page, 'en-US', 'common:organizer.menu.auditLog').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(exactPath(PATHS.organizerAuditLog));
    await expectHeading(page, uiText('en-US', 'audit-log:title'));
    expect(await rowActions(page)).toContain(uiText('en-US', 'audit:action_auth_login'));
    // Subjects by name, not by id: the sign-ins are the demo organizer's account.
    const subjects = await page.getByTestId('audit-subject').allInnerTexts();
    expect(subjects.some((text) => text.includes('Demo Organizer'))).toBe(true);
    expect(subjects.filter((text) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(text))).toEqual([]);
    await checkPage(page, 'audit-log-en-US');

    // Only failed sign-ins: the one above, with the identity tried in its detail.
    await page.getByTestId('audit-filter-actions').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: uiText('en-US', 'audit:action_auth_login_failed') }).first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.get('actions')).toBe('auth.login_failed');
    await expect.poll(async () => [...new Set(await rowActions(page))]).toEqual([uiText('en-US', 'audit:action_auth_login_failed')]);
    await page.locator('[data-testid="audit-table"] .ant-table-row-expand-icon').first().click();
    await expect.poll(() => page.getByTestId('audit-detail').first().innerText()).toContain(demoUsers.organizer.identity);
    // The detail reads as labelled fields, never as JSON with internal names.
    const detail = await page.getByTestId('audit-detail').first().innerText();
    expect(detail).toContain(uiText('en-US', 'audit-log:fields.identity'));
    expect(detail).not.toMatch(/[{}"]|\b[a-z]+[A-Z]\w*\b/);
    await checkPage(page, 'audit-log-failed-sign-ins-en-US');

    // The export holds what is filtered, and nothing else.
    const href = (await page.getByTestId('audit-export').getAttribute('href')) ?? '';
    expect(href).toContain('actions=auth.login_failed');
    const actions = await downloadSheetColumn(page, href, 4);
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set([uiText('en-US', 'audit:action_auth_login_failed')]));

    // A person's name narrows the log to that person; the export itself is now in the log.
    await page.getByTestId('audit-filter-reset').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByTestId('audit-person').first().click();
    await page.getByTestId('audit-filter-actor').waitFor({ state: 'visible' });
    expect(await rowActions(page)).toContain(uiText('en-US', 'audit:action_audit_export'));

    // The same page in Chinese.
    await page.goto(`${PATHS.organizerAuditLog}?lang=zh-CN`);
    await waitForLanguage(page, 'zh-CN');
    await expectHeading(page, uiText('zh-CN', 'audit-log:title'));
    expect((await rowActions(page)).map(squash)).toContain(squash(uiText('zh-CN', 'audit:action_auth_login')));
    await checkPage(page, 'audit-log-zh-CN');
    expect(problems).toEqual([]);
  });

  it('shows an export the server refuses as a translated message in the page, not as a failed download (zh-CN)', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    await page.goto(PATHS.organizerAuditLog);
    await waitForLanguage(page, 'zh-CN');
    await expectHeading(page, uiText('zh-CN', 'audit-log:title'));
    // The session ends elsewhere (signed out in another tab): the server refuses the export.
    await page.context().clearCookies();
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.getByTestId('audit-export').click();
    await unlessPageFails(page, page.getByTestId('audit-export-refused').waitFor({ state: 'visible' }));
    expect(await page.getByTestId('audit-export-refused').innerText()).toBe(uiText('zh-CN', 'errors:UNAUTHENTICATED'));
    expect(downloads).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('lets the super administrator erase an application after typing how many, and logs it', async () => {
    const { page, problems } = await browser.open({ locale: 'en-US' });
    await signInDirect(page, demoUsers.organizer, 'en-US');
    await page.goto(PATHS.organizerAudienceList);
    const rows = page.getByTestId('review-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await rows.first().locator('.ant-checkbox-input').check();
    await page.getByTestId('review-bulk-erase').click();
    const dialog = page.getByTestId('review-erase-dialog');
    await dialog.getByTestId('review-erase-confirmation').fill('2');
    await page.getByTestId('review-erase-submit').click();
    await dialog.getByText(uiText('en-US', 'review:erase.mismatch').replace('{{count}}', '1')).waitFor();
    await checkPage(page, 'review-erase-dialog-en-US');
    await dialog.getByTestId('review-erase-confirmation').fill('1');
    await page.getByTestId('review-erase-submit').click();
    await page.getByText(uiText('en-US', 'review:erase.done').replace('{{count}}', '1')).waitFor();

    await page.goto(`${PATHS.organizerAuditLog}?actions=audience.erase`);
    await expect.poll(() => rowActions(page)).toEqual([uiText('en-US', 'audit:action_audience_erase')]);
    expect(problems).toEqual([]);
  });
});
