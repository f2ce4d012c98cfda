// The organizer's home: the dashboard after sign-in, its charts drawn and their numbers
// in tables beside them, in both languages, axe-checked; an organizer whose roles open no section is told so.
import { expect, it } from 'vitest';
import { describeE2E, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { checkPage, cutContent, demoUsers, expectHeading, menuEntry, waitForLanguage } from './support/portal';
import { PATHS } from './support/paths';
import { uiText } from './support/texts';

describeE2E('organizer dashboard', () => {
  const browser = useBrowser();

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`is the organizer's home, with every figure as a chart and a table (${locale})`, async () => {
      const { page, problems } = await browser.open({ locale });
      await signInDirect(page, demoUsers.organizer, locale);
      await waitForLanguage(page, locale);
      await expectHeading(page, uiText(locale, 'dashboard:title'));
      // The demo seed's applications: the three states are counted and the charts are drawn.
      for (const status of ['WAIT', 'DONE', 'REFUSE']) {
        await expect.poll(async () => Number((await page.getByTestId(`dashboard-applications-${status}`).innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
      }
      for (const chart of ['dashboard-activity-chart', 'dashboard-bookings-chart']) {
        await page.locator(`[data-testid="${chart}"][data-rendered="true"]`).waitFor();
      }
      // Every show day in the table, whole, with its share of capacity: the demo's last day (3 seats) is full.
      const bookingRows = page.getByTestId('dashboard-bookings-table').locator('tbody tr.ant-table-row');
      await expect.poll(() => bookingRows.count()).toBe(4);
      expect(await bookingRows.last().locator('td').last().innerText()).toBe('100 %');
      await page.getByTestId('dashboard-exhibitors-ACTIVE').waitFor();
      expect(await cutContent(page)).toEqual([]);
      await checkPage(page, `dashboard-${locale}`);

      // The menu leads back to it from any section.
      await page.goto(PATHS.organizerAudienceList);
      await menuEntry(page, locale, 'common:organizer.menu.dashboard').click();
      await expectHeading(page, uiText(locale, 'dashboard:title'));
      expect(problems).toEqual([]);
    });

    it(`reads on a phone: charts drawn, every figure in its table, nothing cut (${locale})`, async () => {
      const { page, problems } = await browser.open({ locale, device: 'mobile' });
      await signInDirect(page, demoUsers.organizer, locale);
      await waitForLanguage(page, locale);
      await expectHeading(page, uiText(locale, 'dashboard:title'));
      await page.locator('[data-testid="dashboard-bookings-chart"][data-rendered="true"]').waitFor();
      await expect.poll(() => page.getByTestId('dashboard-bookings-table').locator('tbody tr.ant-table-row').count()).toBe(4);
      expect(await cutContent(page)).toEqual([]);
      await checkPage(page, `mobile-dashboard-${locale}`);
      expect(problems).toEqual([]);
    });
  }
});
