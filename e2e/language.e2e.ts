// The language switch (SPEC 9): zh-CN ↔ en-US, kept in the `_lang_` cookie across a reload.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, useBrowser, type Locale } from './support/browser';
import { checkPage, documentLanguage, expectHeading, waitForLanguage } from './support/portal';
import { squash, uiText } from './support/texts';
import { PATHS } from './support/paths';

async function switchLanguage(page: Page, to: Locale): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${to}`).click();
  await waitForLanguage(page, to);
}

async function langCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === '_lang_')?.value;
}

/** The login page reads in `locale`: its heading and the sign-in button. */
async function expectLoginPageIn(page: Page, locale: Locale): Promise<void> {
  await expectHeading(page, uiText(locale, 'auth:title'));
  await expect.poll(async () => squash(await page.getByTestId('login-submit').innerText())).toBe(squash(uiText(locale, 'auth:submit')));
}

describeE2E('language switch', () => {
  const browser = useBrowser();

  it('zh-CN → en-US → zh-CN on /login survives a reload each time', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    await page.goto(PATHS.login);
    await waitForLanguage(page, 'zh-CN');
    await expectLoginPageIn(page, 'zh-CN');

    await switchLanguage(page, 'en-US');
    await expectLoginPageIn(page, 'en-US');
    expect(await langCookie(page)).toBe('en-US');
    await page.reload();
    await waitForLanguage(page, 'en-US');
    await expectLoginPageIn(page, 'en-US');
    await checkPage(page, 'login-after-switch-en-US');

    await switchLanguage(page, 'zh-CN');
    expect(await langCookie(page)).toBe('zh-CN');
    await page.reload();
    await waitForLanguage(page, 'zh-CN');
    expect(await documentLanguage(page)).toBe('zh-CN');
    await expectLoginPageIn(page, 'zh-CN');
    await checkPage(page, 'login-after-switch-zh-CN');
    expect(problems).toEqual([]);
  });

  it('the lang query value wins over the browser language and is kept', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    await page.goto(`${PATHS.login}?lang=en-US`);
    await waitForLanguage(page, 'en-US');
    await expectLoginPageIn(page, 'en-US');
    await page.goto(PATHS.login);
    await waitForLanguage(page, 'en-US');
    expect(await langCookie(page)).toBe('en-US');
    expect(problems).toEqual([]);
  });
});
