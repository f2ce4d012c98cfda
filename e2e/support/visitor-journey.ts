/**
 * Steps of the visitor journey (register → apply → review → ticket → visit dates → records) through the
 * real UI, shared by the desktop and the mobile runs of e2e/visitor.e2e.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { namesWithRequiredMark } from './accessible-names';
import { baseUrl, unlessPageFails, type Device, type Locale } from './browser';
import { waitForVerificationCode } from './outbox';
import { checkPage, clickWhenOpened, solveCaptcha, waitForLanguage, waitForPath, waitForSettled } from './portal';
import { repoRoot } from './server-process';
import { squash, uiText } from './texts';
import { exactPath, PATHS, visitorPaths } from './paths';

/** What the demo seed printed at start-up (the harness writes the server's log to e2e/artifacts/server.log). */
export interface SeedFacts {
  /** Unused activation codes (the twenty the seed prints). */
  codes: string[];
  /** The show days, YYYY-MM-DD, in order. */
  showDays: string[];
  /** The last, small day, already full. */
  fullDay: string;
}

export const serverLogFile = join(repoRoot, 'e2e', 'artifacts', 'server.log');

/**
 * Reads the seed's summary from the log of the server this run started, refusing a log that belongs to
 * another server (another run writing the same file would otherwise hand out codes of its database).
 */
export function readSeedFacts(logFile = serverLogFile, origin = baseUrl): SeedFacts {
  const log = readFileSync(logFile, 'utf8');
  if (!log.includes(`Server listening at ${origin}`)) {
    throw new Error(`${logFile} is not the log of the server at ${origin} (another e2e run may have overwritten it)`);
  }
  const codeBlock = log.match(/Unused activation codes \([^)]*\):\n([\s\S]*?)More unused codes/)?.[1] ?? '';
  const codes = codeBlock.match(/MX-[A-Z0-9]{4}-[A-Z0-9]{4}/g) ?? [];
  const showDays = log.match(/Demo show: ([\d, -]+) \(/)?.[1]?.split(/,\s*/) ?? [];
  const fullDay = log.match(/(\d{4}-\d{2}-\d{2}) has \d+ seats and is full/)?.[1];
  if (codes.length === 0 || showDays.length < 2 || !fullDay) {
    throw new Error(`the demo seed's summary (codes, show days, full day) is missing from ${logFile}`);
  }
  return { codes, showDays, fullDay };
}

export const otherLocale = (locale: Locale): Locale => (locale === 'zh-CN' ? 'en-US' : 'zh-CN');

/** Switches the language with the header's language switcher. */
export async function switchLanguage(page: Page, to: Locale): Promise<void> {
  // The switcher's menu is plain markup without an opening motion (web/src/components/plain/menu-button.tsx).
  await page.getByTestId('language-switcher').click();
  await page.getByTestId(`language-option-${to}`).click();
  await waitForLanguage(page, to);
}

/**
 * checkPage (settle, screenshot, axe) from the top of the page: a full-page screenshot of a scrolled
 * page would paint the sticky header in the middle.
 */
export async function checkPageFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPage(page, name);
}

/** Horizontal overflow in CSS pixels (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Photographs and axe-checks the page in `locale`, then switches to the other language with the
 * switcher, waits for `marker` (a key of the page's heading or another text) in that language,
 * photographs and checks again, and switches back. Screenshots: e2e/artifacts/<name>-<locale>.png.
 * On a phone, a sideways overflow is reported as a (soft) failure.
 */
export async function checkInBothLanguages(page: Page, name: string, locale: Locale, marker: string, device: Device): Promise<void> {
  const showsMarker = (current: Locale) =>
    unlessPageFails(page, page.getByText(uiText(current, marker), { exact: true }).first().waitFor({ state: 'visible' }));
  const photograph = async (current: Locale) => {
    await showsMarker(current);
    await waitForSettled(page);
    if (device === 'mobile') expect.soft(await horizontalOverflow(page), `sideways overflow on ${name} (${current})`).toBeLessThanOrEqual(0);
    // The header's title is never cut ("China Mo…" on a phone).
    const title = await page.locator('.area-title').evaluate((element) => ({ text: element.textContent, cut: element.scrollWidth > element.clientWidth }));
    expect.soft(title.cut, `header title "${title.text}" cut on ${name} (${current})`).toBe(false);
    // The required mark is not part of any control's name.
    expect.soft(await namesWithRequiredMark(page), `names with "*" on ${name} (${current})`).toEqual([]);
    // English pages use English punctuation.
    if (current === 'en-US') expect.soft(await page.evaluate(() => document.body.innerText), `full-width colon on ${name}`).not.toContain('：');
    await checkPageFromTop(page, `${name}-${current}`);
  };
  await photograph(locale);
  await switchLanguage(page, otherLocale(locale));
  await photograph(otherLocale(locale));
  await switchLanguage(page, locale);
  await showsMarker(locale);
}

export interface Visitor {
  /** 11-digit mainland mobile (registered with it). */
  mobile: string;
  name: string;
  password: string;
  email: string;
  /** Mainland ID number (18 characters, valid check character). */
  idNumber: string;
}

/** GB 11643 check character of the first 17 characters of a mainland ID number. */
export function mainlandId(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return first17 + '10X98765432'.charAt(sum % 11);
}

/**
 * Registers at /visitor/web/register with the mobile number: captcha, code from the dev outbox, name, password.
 * `logFile`: the log of a journey's own server (its dev outbox), else the shared server's.
 */
export async function register(page: Page, visitor: Visitor, locale: Locale, device: Device, logFile?: string): Promise<void> {
  await page.goto(PATHS.visitorRegister);
  await waitForLanguage(page, locale);
  await page.getByTestId('register-page').waitFor();
  await checkInBothLanguages(page, `visitor-${device}-01-register`, locale, 'visitor:register.title', device);

  await page.getByTestId('register-identity').fill(visitor.mobile);
  const askedAt = new Date();
  await solveCaptcha(page);
  await page.getByTestId('register-send-code').click();
  const code = await waitForVerificationCode(visitor.mobile, askedAt, undefined, logFile);
  await expect.poll(() => page.getByTestId('register-send-code').isDisabled(), { timeout: 15_000 }).toBe(true);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-name').fill(visitor.name);
  await page.getByTestId('register-password').fill(visitor.password);
  await page.getByTestId('register-password-confirm').fill(visitor.password);
  await page.getByTestId('register-submit').click();
  await waitForPath(page, exactPath(PATHS.visitorApplication));
}

export type PhotoPurpose = 'ENTRY_CARD' | 'ID_CARD' | 'BADGE' | 'BADGE_ID';

/** Which file input of a photo field a picture goes through: the picker, the camera (phones), or the basic picker (WeChat's fallback). */
export type PhotoPicker = 'choose' | 'camera' | 'plain';
const PICKER_INPUTS: Record<PhotoPicker, (purpose: string) => string> = {
  choose: (purpose) => `photo-input-${purpose}`,
  camera: (purpose) => `photo-input-camera-${purpose}`,
  plain: (purpose) => `photo-input-plain-${purpose}`,
};

/**
 * Picks `file` in the (first) photo field of the purpose and confirms the crop as framed (the picture
 * already has the frame's shape); returns the field and the photo id it held before. `cropShot`: the crop
 * dialog is photographed and axe-checked under that name first.
 */
async function pickAndCrop(page: Page, purpose: string, file: string, cropShot?: string, picker: PhotoPicker = 'choose') {
  const field = page.getByTestId(`photo-upload-${purpose}`).first();
  const before = (await field.getAttribute('data-photo-id')) ?? '';
  await page.getByTestId(PICKER_INPUTS[picker](purpose)).first().setInputFiles(file);
  const confirm = page.getByTestId('photo-crop-confirm');
  await unlessPageFails(page, confirm.waitFor({ state: 'visible' }));
  await expect.poll(() => confirm.isEnabled(), { timeout: 15_000 }).toBe(true);
  if (cropShot) await checkPage(page, cropShot);
  await clickWhenOpened(confirm);
  await confirm.waitFor({ state: 'hidden' });
  return { field, before };
}

/** A faceless picture (logos, banners, products): picks and crops it, and waits until the field holds a new photo. */
export async function uploadPicture(page: Page, purpose: 'CATALOG' | 'BANNER' | 'PRODUCT' | 'EXHIBITOR_LOGO', file: string): Promise<void> {
  const { field, before } = await pickAndCrop(page, purpose, file);
  await expect.poll(async () => (await field.getAttribute('data-photo-id')) ?? '', { timeout: 60_000 }).not.toBe(before);
}

/**
 * A photo of a person: picks and crops it, and waits until the upload gave the field a new photo id.
 * Returns the browser's face verdict ('1' faces, or '' when face-api could not run and the server checked alone, or
 * none was asked: the counter check).
 * `cropShot`: see pickAndCrop; `picker`: which of the field's inputs the picture goes through.
 */
export async function uploadPhoto(page: Page, purpose: PhotoPurpose, file: string, cropShot?: string, picker?: PhotoPicker): Promise<string> {
  const { before } = await pickAndCrop(page, purpose, file, cropShot, picker);
  // Face-api loads on first use (up to 45 s on a slow device before the app gives up on it), then the upload.
  await unlessPageFails(
    page,
    page.waitForFunction(
      ({ testId, old }) => {
        const element = document.querySelector(`[data-testid="${testId}"]`);
        const id = element?.getAttribute('data-photo-id') ?? '';
        const failed = document.querySelector(`[data-testid="photo-error-${testId.slice('photo-upload-'.length)}"]`);
        if (failed) throw new Error(`the photo was refused: ${failed.textContent ?? ''}`);
        return id !== '' && id !== old;
      },
      { testId: `photo-upload-${purpose}`, old: before },
      { timeout: 90_000, polling: 250 },
    ),
  );
  // A photo for the counter check (decision 0209) has no face verdict at all: the browser measured nothing.
  const verdict = page.getByTestId(`photo-face-${purpose}`);
  return (await verdict.count()) > 0 ? ((await verdict.getAttribute('data-faces')) ?? '') : '';
}

/** Text of an element with its whitespace removed (antd spaces CJK button labels). */
export async function squashedText(page: Page, testId: string): Promise<string> {
  return squash(await page.getByTestId(testId).innerText());
}

export { visitorPaths } from './paths';

/** Opens /wa/visitor/info afresh (a reload: the organizer changed the application meanwhile) and returns its status. */
export async function openInfo(page: Page): Promise<string> {
  await page.goto(PATHS.visitorInfo);
  await waitForPath(page, visitorPaths.info);
  const info = page.getByTestId('info-page');
  await unlessPageFails(page, info.waitFor({ state: 'visible' }));
  return (await info.getAttribute('data-status')) ?? '';
}
