import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe';
import { unlessPageFails, type Locale } from './browser';
import { saveScreenshot } from './screenshots';
import { uiText } from './texts';
import { exactPath, PATHS } from './paths';

export type Scope = 'organizer' | 'audience' | 'exhibitor';

export interface DemoUser {
  kind: 'organizer' | 'exhibitor' | 'visitor';
  scope: Scope;
  identity: string;
  password: string;
  /** Where sign-in without a redirect lands (a pattern on the path). */
  landing: RegExp;
  /** Test id of the layout that landing page renders in. */
  layout: string;
  /** Locale key (see texts.ts) of the landing page's heading. */
  landingHeading: string;
}

/** The accounts the server seeds on an empty embedded database. */
export const demoUsers = {
  organizer: {
    kind: 'organizer',
    scope: 'organizer',
    identity: 'admin@example.com',
    password: 'Admin12345',
    // /wo/ forwards to the dashboard, every organizer's home.
    landing: exactPath(PATHS.organizerDashboard),
    layout: 'organizer-layout',
    landingHeading: 'dashboard:title',
  },
  exhibitor: {
    kind: 'exhibitor',
    scope: 'exhibitor',
    identity: 'exhibitor@example.com',
    password: 'Exhibitor12345',
    landing: exactPath(PATHS.exhibitorHome),
    layout: 'exhibitor-layout',
    landingHeading: 'common:exhibitor.pages.applicationList',
  },
  visitor: {
    kind: 'visitor',
    scope: 'audience',
    identity: '13800000000',
    password: 'Visitor12345',
    // No application yet: the /wa/ guard sends the visitor to the application form.
    landing: exactPath(PATHS.visitorApplication),
    layout: 'public-layout',
    landingHeading: 'common:public.application',
  },
} as const satisfies Record<string, DemoUser>;

/** Path (and query) of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

/** Waits until the current path matches (client-side routing included). */
export async function waitForPath(page: Page, pattern: RegExp, timeout = 20_000): Promise<void> {
  try {
    await unlessPageFails(page, page.waitForURL((url) => pattern.test(url.pathname), { timeout }));
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`expected the path to match ${pattern} within ${timeout} ms, but the page is at ${page.url()}`);
    }
    throw error;
  }
}

/** The language the SPA applied (it sets <html lang>). */
export async function documentLanguage(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

/** Waits until the SPA rendered in `locale` (<html lang> set by i18n). */
export async function waitForLanguage(page: Page, locale: Locale): Promise<void> {
  await unlessPageFails(page, page.waitForFunction((expected) => document.documentElement.lang === expected, locale, { timeout: 15_000 }));
}

/**
 * Waits until the page has settled: the app says it is idle (`<html data-app-state="idle">`, web/src/lib/readiness.ts:
 * no query fetching, no mutation, no lazy route or page loading, no upload under way; absent before the app has
 * started or hydrated), every picture in #root has loaded, and no motion is under way (a dialog's zoom, a drawer's
 * slide, a message's fade: a finite animation running, or rc-motion's `ant-…-appear|enter|leave-prepare|start`
 * classes in the frames before its animation is attached), so that a screenshot never catches a dialog half faded in.
 * A page that never becomes idle fails.
 */
export async function waitForSettled(page: Page): Promise<void> {
  try {
    const settled = page.waitForFunction(
      () => {
        if (document.documentElement.getAttribute('data-app-state') !== 'idle') return false;
        if (Array.from(document.querySelectorAll<HTMLImageElement>('#root img')).some((image) => !image.complete)) return false;
        // A finite animation or transition still running (a spinner's endless turn is not one), or a motion about to
        // start. Not a bare motion class: antd leaves a button's hidden loading icon in `-leave-active`.
        return !(
          document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity) ||
          Array.from(document.querySelectorAll('[class*="-prepare"], [class*="-start"]')).some((element) =>
            Array.from(element.classList).some((name) => /^ant-[\w-]*-(appear|enter|leave)-(prepare|start)$/.test(name)),
          )
        );
      },
      undefined,
      { timeout: 15_000 },
    );
    await unlessPageFails(page, settled);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('uncaught error in the page')) throw error;
    const moving = await page
      .evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => {
            const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
            return `${target ? `${target.tagName.toLowerCase()}.${Array.from(target.classList).join('.')}` : '?'} ${animation instanceof CSSAnimation ? animation.animationName : 'transition'}`;
          })
          .join(', '),
      )
      .catch(() => '');
    const state = await page.evaluate(() => document.documentElement.getAttribute('data-app-state')).catch(() => null);
    throw new Error(`${page.url()} has not settled after 15 s (app state ${state ?? 'not started'}${moving ? `; moving: ${moving}` : ''})`);
  }
}

/** Goes to `path` and waits for the element `testId` to show and the page to settle (a failed page fails at once). */
export async function openPage(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(path);
  await unlessPageFails(page, page.getByTestId(testId).first().waitFor({ state: 'visible' }));
  await waitForSettled(page);
}

/** Waits for the page to settle, saves a screenshot named `name`, and runs axe (no serious/critical violations). */
export async function checkPage(page: Page, name: string): Promise<void> {
  await waitForSettled(page);
  await saveScreenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

/**
 * What the page cuts off: the page wider than the screen, a scroll box whose rows do not fit its height,
 * and text shortened with an ellipsis. Empty when everything can be read (or scrolled sideways into view).
 */
export async function cutContent(page: Page): Promise<string[]> {
  await waitForSettled(page);
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the screen`);
    for (const region of Array.from(document.querySelectorAll<HTMLElement>('.scroll-region'))) {
      if (region.scrollHeight > region.clientHeight + 1) found.push(`"${region.getAttribute('aria-label') ?? ''}" cuts its rows`);
    }
    // Text only: a cell narrower than its words overlaps or hides them (a checkbox's or a picture's cell is left alone).
    const text = (element: HTMLElement) => element.innerText.trim();
    // A pinned column's cell is left out: its shadow is drawn beyond it, which a width test would take for overflow.
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('td.ant-table-cell:not([class*="ant-table-cell-fix"])'))) {
      if (text(cell) && cell.scrollWidth > cell.clientWidth + 1 && cell.checkVisibility()) found.push(`the cell "${text(cell)}" is cut`);
    }
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('#root *'))) {
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && text(element) && element.scrollWidth > element.clientWidth + 1 && element.checkVisibility()) found.push(`"${text(element)}" is cut`);
    }
    return found;
  });
}

/** A level-1 or level-2 heading with exactly this text is visible. */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await unlessPageFails(page, page.getByRole('heading', { name: text, exact: true }).first().waitFor({ state: 'visible' }));
}

/**
 * The signed-in user's landing page: its layout, the user menu in the header, and the page's own
 * heading in `locale` (the exhibitor area is always zh-CN).
 */
export async function expectLanding(page: Page, user: DemoUser, locale: Locale): Promise<void> {
  await unlessPageFails(page, page.getByTestId(user.layout).waitFor({ state: 'visible' }));
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  await expectHeading(page, uiText(user.kind === 'exhibitor' ? 'zh-CN' : locale, user.landingHeading));
}

/**
 * An entry of an area's menu (web/src/app/layouts/area-navigation.tsx) named by its text's key: a link, or
 * the button that opens and closes a group.
 */
export function menuEntry(page: Page, locale: Locale, labelKey: string): Locator {
  const name = uiText(locale, labelKey);
  const navigation = page.getByRole('navigation', { name: uiText(locale, 'common:nav.label') });
  return navigation.getByRole('link', { name, exact: true }).or(navigation.getByRole('button', { name, exact: true }));
}

/** The ALTCHA widget on the page. */
export const captchaWidget = (within: Page | Locator) => within.locator('altcha-widget');

/**
 * Lets the ALTCHA widget solve its proof-of-work the way a user would: tick its checkbox while it is idle,
 * until it reports `verified`. Never bypassed. The widget also starts by itself when a field of its form
 * gets the focus (auto="onfocus", once its code has arrived: it loads after the form paints), and a tick
 * during a verification unticks it: so this ticks only an idle widget and watches the state.
 */
export async function solveCaptcha(page: Page, within: Page | Locator = page): Promise<void> {
  const widget = captchaWidget(within).first();
  await unlessPageFails(page, widget.waitFor({ state: 'visible' }));
  await expect
    .poll(
      async () => {
        const state = await widget.locator('.altcha[data-state]').getAttribute('data-state');
        if (state === 'unverified' || state === 'error' || state === 'expired') await widget.getByRole('checkbox').click();
        return state;
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe('verified');
}

/** Picks the kind of account on /login (the scope switch above the form). */
export async function chooseScope(page: Page, scope: Scope): Promise<void> {
  await unlessPageFails(page, page.getByTestId(`login-scope-${scope}`).click());
}

/** Fills the password form of /login, lets the captcha verify, and submits. */
export async function signInWithPassword(page: Page, user: Pick<DemoUser, 'identity' | 'password'>): Promise<void> {
  await page.getByTestId('login-identity').fill(user.identity);
  await page.getByTestId('login-password').fill(user.password);
  await solveCaptcha(page);
  await page.getByTestId('login-submit').click();
}

/** Goes to /login, chooses the user's scope, signs in with the password and waits for the landing page. */
export async function signInThroughLoginPage(page: Page, user: DemoUser, locale: Locale): Promise<void> {
  await page.goto(PATHS.login);
  await waitForLanguage(page, locale);
  await chooseScope(page, user.scope);
  await signInWithPassword(page, user);
  await waitForPath(page, user.landing);
  await expectLanding(page, user, locale);
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

/**
 * Clicks `target` inside an antd popup (a menu, a dialog) once the popup has finished its opening motion: a
 * click aimed while the popup still zooms or slides can land beside the target on a busy machine
 * (Playwright's stability check passes when animation frames are scarce), and is lost.
 */
export async function clickWhenOpened(target: Locator): Promise<void> {
  await target.waitFor({ state: 'visible' });
  const opening = () =>
    target.evaluate((element) => {
      const popup = element.closest('.ant-dropdown, .ant-modal, .ant-select-dropdown, .ant-popover') ?? element;
      return /-(appear|enter|leave)\b/.test(popup.className) || popup.getAnimations({ subtree: true }).some((animation) => animation.playState === 'running');
    });
  await expect.poll(opening, { timeout: 15_000 }).toBe(false);
  await target.click();
}
