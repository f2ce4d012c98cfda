// The back office's lists on a phone (390×844), in both languages: every table scrolls sideways with each
// cell whole (a state, a date, a mobile number never cut or broken), axe-checked and photographed.
import { expect, it } from 'vitest';
import { describeE2E, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { checkPage, cutContent, demoUsers, waitForLanguage } from './support/portal';
import { PATHS } from './support/paths';

const ORGANIZER_LISTS = [
  ['approvals', PATHS.organizerAudienceList],
  ['badges', PATHS.organizerBadgeList],
  ['exhibitors', PATHS.organizerExhibitorList],
  ['staff', PATHS.organizerStaff],
  ['products', `${PATHS.organizerProductList}?status=`],
  ['codes', PATHS.organizerProjectCdk],
  ['audit', PATHS.organizerAuditLog],
] as const;

describeE2E('lists on a phone', () => {
  const browser = useBrowser();

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`shows every organizer list whole on a phone (${locale})`, async () => {
      const { page, problems } = await browser.open({ locale, device: 'mobile' });
      await signInDirect(page, demoUsers.organizer, locale);
      for (const [name, path] of ORGANIZER_LISTS) {
        await page.goto(path);
        await waitForLanguage(page, locale);
        await page.locator('.ant-table-wrapper').first().waitFor({ state: 'visible' });
        expect(await cutContent(page), name).toEqual([]);
        await checkPage(page, `phone-list-${name}-${locale}`);
      }
      // The settings open outside the area's menu; a link leads back into the area.
      await page.goto(PATHS.organizerSettings);
      await page.getByTestId('settings-back').click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/wo\/(dashboard)?$/);
      expect(problems).toEqual([]);
    });
  }
});
