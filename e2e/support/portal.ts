import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './axe';
import type { Locale } from './browser';
import { saveScreenshot } from './screenshots';

export type Scope = 'organizer' | 'audience' | 'exhibitor';

export interface DemoUser {
  kind: 'organizer' | 'exhibitor' | 'visitor';
  scope: Scope;
  identity: string;
  password: string;
  /** Where sign-in without a redirect lands (a pattern on the path). */
  landing: RegExp;
}

/** The accounts the server seeds on an empty embedded database. */
export const demoUsers = {
  organizer: {
    kind: 'organizer',
    scope: 'organizer',
    identity: 'admin@example.com',
    password: 'Admin12345',
    landing: /^\/wo\//,
  },
  exhibitor: {
    kind: 'exhibitor',
    scope: 'exhibitor',
    identity: 'exhibitor@example.com',
    password: 'Exhibitor12345',
    landing: /^\/we\/exhibitor\/application\/list$/,
  },
  visitor: {
    kind: 'visitor',
    scope: 'audience',
    identity: '13800000000',
    password: 'Visitor12345',
    // No application yet: the /wa/ guard sends the visitor to the application form.
    landing: /^\/(visitor\/web\/application|wa\/.*)$/,
  },
} as const satisfies Record<string, DemoUser>;

/** Path (and query) of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

/** Waits until the current path matches (client-side routing included). */
export async function waitForPath(page: Page, pattern: RegExp, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => pattern.test(url.pathname), { timeout });
}

/** The language the SPA applied (it sets <html lang>). */
export async function documentLanguage(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

/** Waits until the SPA rendered in `locale` (<html lang> set by i18n). */
export async function waitForLanguage(page: Page, locale: Locale): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, locale, { timeout: 15_000 });
}

/** Runs axe (no serious/critical violations) and saves a screenshot named `name`. */
export async function checkPage(page: Page, name: string): Promise<void> {
  // Let lazy routes, locale files and the spinner settle before judging the page.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await saveScreenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

export const loginTexts: Record<Locale, { submit: RegExp }> = {
  'zh-CN': { submit: /^登\s*录$/ },
  'en-US': { submit: /^(sign in|log in)$/i },
};

/** The ALTCHA widget on the page. */
export const captchaWidget = (page: Page) => page.locator('altcha-widget');

/**
 * Lets the ALTCHA widget solve its proof-of-work the way a user would: tick its checkbox when it is
 * not verifying on its own, then wait for `data-state="verified"`. Never bypassed.
 */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = captchaWidget(page).first();
  await widget.waitFor({ state: 'visible' });
  const state = widget.locator('.altcha[data-state]');
  const current = await state.getAttribute('data-state');
  if (current !== 'verified' && current !== 'verifying') {
    await widget.getByRole('checkbox').check();
  }
  await widget.locator('.altcha[data-state="verified"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/** Picks the kind of account on /login (the scope switch above the form). */
export async function chooseScope(page: Page, scope: Scope): Promise<void> {
  await page.getByTestId(`login-scope-${scope}`).click();
}

/** Fills the password form of /login, lets the captcha verify, and submits. */
export async function signInWithPassword(page: Page, user: Pick<DemoUser, 'identity' | 'password'>): Promise<void> {
  await page.getByTestId('login-identity').fill(user.identity);
  await page.getByTestId('login-password').fill(user.password);
  await solveCaptcha(page);
  await page.getByTestId('login-submit').click();
}

/** Goes to /login, chooses the user's scope and signs in with the password. */
export async function signInThroughLoginPage(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await chooseScope(page, user.scope);
  await signInWithPassword(page, user);
  await waitForPath(page, user.landing);
}

/** The viewer the browser's session cookie belongs to, asked directly over GraphQL. */
export async function viewerTypename(page: Page): Promise<string | null> {
  const response = await page.request.post('/apis/core/graphql', {
    headers: { 'content-type': 'application/json', 'x-portal-client': 'web' },
    data: { query: 'query { viewer { __typename } }' },
    failOnStatusCode: false,
  });
  const body = (await response.json()) as { data?: { viewer?: { __typename?: string } | null } | null };
  return body.data?.viewer?.__typename ?? null;
}
