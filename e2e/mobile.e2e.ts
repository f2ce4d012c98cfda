// The visitor's sign-in on a phone-sized screen (390×844, touch), as most visitors open the portal.
import { expect, it } from 'vitest';
import { describeE2E, useBrowser, type Locale } from './support/browser';
import { checkPage, chooseScope, demoUsers, expectLanding, signInWithPassword, viewerTypename, waitForLanguage, waitForPath } from './support/portal';
import { PATHS } from './support/paths';

describeE2E('mobile visitor', () => {
  const browser = useBrowser();

  for (const locale of ['zh-CN', 'en-US'] as Locale[]) {
    it(`the visitor signs in on a phone (${locale})`, async () => {
      const { page, problems } = await browser.open({ locale, device: 'mobile' });
      await page.goto(PATHS.login);
      await waitForLanguage(page, locale);
      await chooseScope(page, 'audience');
      // Nothing may stick out sideways on a 390 px screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await checkPage(page, `mobile-login-${locale}`);

      await signInWithPassword(page, demoUsers.visitor);
      await waitForPath(page, demoUsers.visitor.landing);
      await expectLanding(page, demoUsers.visitor, locale);
      expect(await viewerTypename(page)).toBe('User');
      await checkPage(page, `mobile-visitor-home-${locale}`);
      expect(problems).toEqual([]);
    });
  }
});
