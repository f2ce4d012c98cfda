// Staff and roles: the super administrator opens /wo/system/staff (zh-CN and en-US),
// creates a staff member with the project role only and reads the initial password once; that person
// signs in, must change the password first, and then sees the dashboard and the project section only.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { passForcedPasswordChange, signInDirect } from './support/exhibitor-session';
import { exactPath, loginPath, pathUnder, PATHS } from './support/paths';
import { checkPage, demoUsers, expectHeading, menuEntry, signInWithPassword, waitForLanguage, waitForSettled } from './support/portal';
import { uiText } from './support/texts';
import { switchLanguage } from './support/visitor-journey';

const run = Date.now() % 1_000_000;
const member = { name: `项目专员 ${run}`, email: `project${run}@expo.example.com`, password: 'Project2026ok' };
const OTHER_SECTIONS = ['audience', 'exhibitor', 'ticket', 'hardware', 'system'] as const;

async function menuItemCount(page: Page, labelKey: string) {
  return menuEntry(page, 'zh-CN', `common:organizer.menu.${labelKey}`).count();
}

describeE2E('staff and roles', () => {
  const { open } = useBrowser();

  it('the super administrator creates a project staff member, who changes the initial password and sees only the project section', async () => {
    const admin = await open({ locale: 'zh-CN', device: 'desktop' });
    const desk = admin.page;
    await signInDirect(desk, demoUsers.organizer, 'zh-CN');

    // The menu leads to the page; the list in both languages.
    await menuEntry(desk, 'zh-CN', 'common:organizer.menu.system').click();
    await menuEntry(desk, 'zh-CN', 'common:organizer.menu.staff').click();
    await expect.poll(() => new URL(desk.url()).pathname).toMatch(exactPath(PATHS.organizerStaff));
    await unlessPageFails(desk, desk.getByTestId('staff-list-page').waitFor());
    await expectHeading(desk, uiText('zh-CN', 'staff:list.title'));
    await expect.poll(() => desk.locator('tr[data-testid^="staff-row-"]').count()).toBeGreaterThan(0);
    await checkPage(desk, 'staff-01-list-zh-CN');
    await switchLanguage(desk, 'en-US');
    await expectHeading(desk, uiText('en-US', 'staff:list.title'));
    await checkPage(desk, 'staff-01-list-en-US');

    // Create: name, email, the project role only.
    await desk.getByTestId('staff-create').click();
    await unlessPageFails(desk, desk.getByTestId('staff-form-name').waitFor({ state: 'visible' }));
    await desk.getByTestId('staff-form-name').fill(member.name);
    await desk.getByTestId('staff-form-email').fill(member.email);
    await desk.getByTestId('staff-form-role-ROLE_PROJECT').click();
    await checkPage(desk, 'staff-02-create-en-US');
    await desk.getByTestId('staff-form-submit').click();
    const passwordValue = desk.getByTestId('initial-password-value');
    await unlessPageFails(desk, passwordValue.waitFor({ state: 'visible' }));
    const initialPassword = (await passwordValue.innerText()).trim();
    expect(initialPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    await checkPage(desk, 'staff-03-initial-password-en-US');
    await desk.getByTestId('initial-password-close').click();
    await passwordValue.waitFor({ state: 'detached' });

    // The new account is in the list with its one role, found by the keyword filter.
    await desk.getByTestId('staff-keyword').locator('input').fill(member.email);
    await desk.getByTestId('staff-keyword').locator('input').press('Enter');
    const row = desk.locator('tr[data-testid^="staff-row-"]', { hasText: member.email });
    await unlessPageFails(desk, row.waitFor({ state: 'visible' }));
    await expect.poll(() => desk.locator('tr[data-testid^="staff-row-"]').count()).toBe(1);
    expect(await row.getByTestId('staff-roles').innerText()).toBe(uiText('en-US', 'staff:roles.ROLE_PROJECT'));
    await switchLanguage(desk, 'zh-CN');
    await expect.poll(() => row.getByTestId('staff-roles').innerText()).toBe(uiText('zh-CN', 'staff:roles.ROLE_PROJECT'));
    await checkPage(desk, 'staff-04-created-zh-CN');

    // The staff member signs in: the forced change of the initial password comes first.
    const staff = await open({ locale: 'zh-CN', device: 'desktop' });
    const page = staff.page;
    await page.goto(loginPath({ scope: 'organizer' }));
    await waitForSettled(page);
    await signInWithPassword(page, { identity: member.email, password: initialPassword });
    await expect.poll(() => new URL(page.url()).pathname).toMatch(pathUnder(PATHS.organizer));
    await unlessPageFails(page, page.getByTestId('change-password-forced').waitFor({ state: 'visible' }));
    await checkPage(page, 'staff-05-forced-password-zh-CN');
    expect(await passForcedPasswordChange(page, initialPassword, member.password)).toBe(member.password);

    // Afterwards: the dashboard and the project section, nothing else.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(exactPath(PATHS.organizerDashboard));
    await waitForLanguage(page, 'zh-CN');
    expect(await menuItemCount(page, 'dashboard')).toBe(1);
    expect(await menuItemCount(page, 'project')).toBe(1);
    for (const section of OTHER_SECTIONS) expect(await menuItemCount(page, section), section).toBe(0);
    await checkPage(page, 'staff-06-project-only-zh-CN');
    await menuEntry(page, 'zh-CN', 'common:organizer.menu.project').click();
    await menuEntry(page, 'zh-CN', 'common:organizer.menu.projectInfo').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(exactPath(PATHS.organizerProjectInfo));
    await page.goto(PATHS.organizerStaff);
    await expectHeading(page, uiText('zh-CN', 'common:forbidden.title'));

    for (const opened of [admin, staff]) expect(opened.problems).toEqual([]);
  });
});
