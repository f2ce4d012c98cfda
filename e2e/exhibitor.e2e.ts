// The exhibitor journey. So far: the area's language rule (item 1) — the area shows zh-CN
// without overwriting the visitor's saved `_lang_` choice, and a switch made inside the area lasts.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, useBrowser } from './support/browser';
import { checkPage, demoUsers, signInWithPassword, waitForLanguage, waitForPath } from './support/portal';
import { exactPath, PATHS } from './support/paths';

async function langCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === '_lang_')?.value;
}

describeE2E('exhibitor area language', () => {
  const browser = useBrowser();

  it('shows zh-CN without saving it; an English choice made inside the area lasts across its pages', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    // The visitor chose English (saved by the lang query value).
    await page.goto(`${PATHS.login}?lang=en-US&scope=exhibitor`);
    await waitForLanguage(page, 'en-US');
    expect(await langCookie(page)).toBe('en-US');
    await signInWithPassword(page, demoUsers.exhibitor);
    await waitForPath(page, demoUsers.exhibitor.landing);
    await waitForLanguage(page, 'zh-CN');
    expect(await langCookie(page)).toBe('en-US');
    await checkPage(page, 'exhibitor-area-zh-CN');

    // Outside the area the saved choice applies.
    await page.goto(PATHS.settings);
    await waitForPath(page, exactPath(PATHS.settings));
    await waitForLanguage(page, 'en-US');

    // Back in the area (zh-CN); the switcher's English is an explicit choice and survives navigation.
    await page.goto(PATHS.exhibitorHome);
    await waitForLanguage(page, 'zh-CN');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en-US').click();
    await waitForLanguage(page, 'en-US');
    await page.locator('a[href="/we/exhibitor/catalog"]').first().click();
    await waitForPath(page, exactPath('/we/exhibitor/catalog'));
    await waitForLanguage(page, 'en-US');
    expect(await langCookie(page)).toBe('en-US');
    expect(problems).toEqual([]);
  });
});
