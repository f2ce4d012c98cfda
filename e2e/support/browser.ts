import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, inject } from 'vitest';
import { chromiumArgs } from './chromium';
import { saveScreenshot } from './screenshots';

export type Locale = 'zh-CN' | 'en-US';
export type Device = 'desktop' | 'mobile';

/** Origin of the server the global setup started ('' when the journeys are skipped). */
export const baseUrl = inject('baseUrl');
const chromiumPath = inject('chromiumPath');

/** True when no Chromium was found: every journey is skipped (the global setup says so). */
export const noBrowser = chromiumPath === '';

/** `describe` that skips, visibly, when there is no Chromium. */
export const describeE2E = (name: string, body: () => void) => describe.skipIf(noBrowser)(name, body);


export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export interface NewPageOptions {
  locale?: Locale;
  device?: Device;
  /** Another server than the global setup's (a journey that needs its own demo data). */
  origin?: string;
  /** Another browser's user agent on the device's screen (WeChat's in-app browser). */
  userAgent?: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, CSP violations, hydration mismatches and 5xx answers from our server seen so far (journeys assert none). */
  problems: string[];
  /** Console errors (informational: a 401 on the signed-out viewer query is expected). */
  consoleErrors: string[];
}

const viewports = {
  desktop: { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
  mobile: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  },
} as const;

const pageErrors = new WeakMap<Page, Promise<never>>();

/**
 * Waits for `waiting`, but fails at once when the page throws an uncaught error meanwhile (a page that
 * crashed while loading would otherwise only time out, much later and without saying why).
 */
export async function unlessPageFails<T>(page: Page, waiting: Promise<T>): Promise<T> {
  const failed = pageErrors.get(page);
  if (!failed) return waiting;
  // The losing wait may still reject later (its page closes): that must not be an unhandled rejection.
  waiting.catch(() => undefined);
  return Promise.race([waiting, failed]);
}

/** A fresh context (no cookies) per test, with the Accept-Language the locale implies. */
export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<OpenedPage> {
  const locale = options.locale ?? 'zh-CN';
  const context = await browser.newContext({
    ...viewports[options.device ?? 'desktop'],
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    locale,
    baseURL: options.origin ?? baseUrl,
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const problems: string[] = [];
  const consoleErrors: string[] = [];
  let reportError: (error: Error) => void = () => undefined;
  const firstError = new Promise<never>((_resolve, reject) => {
    reportError = reject;
  });
  firstError.catch(() => undefined);
  pageErrors.set(page, firstError);
  page.on('pageerror', (error) => {
    problems.push(`page error: ${error.message}`);
    if (/hydrat|Minified React error #(418|419|422|423|425)\b/i.test(error.message)) problems.push(`hydration: ${error.message}`);
    reportError(new Error(`uncaught error in the page (${page.url()}): ${error.stack ?? error.message}`));
  });
  page.on('console', (message: ConsoleMessage) => {
    // No library advertises itself in a visitor's console.
    if (/locize|i18next is made possible/i.test(message.text())) problems.push(`console notice: ${message.text()}`);
    // A pre-rendered first screen must hydrate as it was rendered (web/src/main.tsx): React's mismatch reports, in
    // development words or as the production build's error numbers (418 mismatch, 419/422/423 client re-render, 425 text).
    if (/hydrat|Minified React error #(418|419|422|423|425)\b/i.test(message.text())) problems.push(`hydration: ${message.text()}`);
    if (message.type() !== 'error') return;
    consoleErrors.push(message.text());
    // The page must work under the server's Content-Security-Policy: a refusal is a bug.
    if (/Content Security Policy/i.test(message.text())) problems.push(`CSP violation: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().startsWith(options.origin ?? baseUrl) && response.status() >= 500) {
      problems.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return { context, page, problems, consoleErrors };
}

/**
 * One browser per test file, one context per test: returns `open()` for a fresh page, and after each
 * test closes what it opened. When a test failed, each of its pages is photographed as
 * e2e/artifacts/FAILED-<test>.png and its URL, page errors and console errors are printed.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    const pages = opened.splice(0);
    if (context.task.result?.state === 'fail') {
      for (const [index, { page, problems, consoleErrors }] of pages.entries()) {
        const name = `FAILED-${context.task.name}${index > 0 ? `-${index}` : ''}`;
        const shot = await saveScreenshot(page, name).catch((error: unknown) => `(no screenshot: ${String(error)})`);
        console.error(
          `[e2e] "${context.task.name}" failed on ${page.url()}\n  screenshot: ${shot}` +
            `\n  page problems: ${problems.length ? problems.join(' | ') : 'none'}` +
            `\n  console errors: ${consoleErrors.length ? consoleErrors.join(' | ') : 'none'}`,
        );
      }
    }
    await Promise.all(pages.map(({ context: browserContext }) => browserContext.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(options: NewPageOptions = {}): Promise<OpenedPage> {
      if (!browser) throw new Error('the browser is not started (useBrowser() must run inside describe)');
      const result = await newPage(browser, options);
      opened.push(result);
      return result;
    },
  };
}
