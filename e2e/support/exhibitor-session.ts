import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { unlessPageFails, type Locale } from './browser';
import { loginPath } from './paths';
import { expectLanding, solveCaptcha, waitForLanguage, waitForPath, waitForSettled, type DemoUser } from './portal';

/**
 * Accounts that an organizer created may have to change their initial password at first sign-in.
 * When such a dialog is open after sign-in, it is answered: the current password,
 * then `newPassword` in every other password field, then its primary button; the dialog must close.
 * Returns the password the account has afterwards.
 */
export async function passForcedPasswordChange(page: Page, currentPassword: string, newPassword: string): Promise<string> {
  await waitForSettled(page);
  const dialog = page.locator('.ant-modal:visible', { has: page.locator('input[type="password"]') });
  if ((await dialog.count()) === 0) return currentPassword;
  const fields = dialog.locator('input[type="password"]');
  const count = await fields.count();
  for (let index = 0; index < count; index += 1) await fields.nth(index).fill(index === 0 && count > 2 ? currentPassword : newPassword);
  await dialog.locator('button.ant-btn-primary').last().click();
  await unlessPageFails(page, dialog.waitFor({ state: 'hidden' }));
  expect(await dialog.count()).toBe(0);
  return newPassword;
}

/**
 * Signs in on `/login?scope=<scope>` (no scope switch that could re-render the form after typing), checks
 * that both fields hold what was typed before the captcha is solved, and waits for the landing page.
 */
export async function signInDirect(page: Page, user: DemoUser, locale: Locale): Promise<void> {
  await page.goto(loginPath({ scope: user.scope }));
  await waitForLanguage(page, locale);
  await waitForSettled(page);
  const identity = page.getByTestId('login-identity');
  const password = page.getByTestId('login-password');
  await expect
    .poll(async () => {
      if ((await identity.inputValue()) !== user.identity) await identity.fill(user.identity);
      if ((await password.inputValue()) !== user.password) await password.fill(user.password);
      return (await identity.inputValue()) === user.identity && (await password.inputValue()) === user.password;
    })
    .toBe(true);
  await solveCaptcha(page);
  await page.getByTestId('login-submit').click();
  await waitForPath(page, user.landing);
  await expectLanding(page, user, locale);
}
