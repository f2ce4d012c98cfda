// The visitor's whole journey through the real UI (SPEC 2/4, DESIGN §6): register with a captcha and a
// code from the dev outbox → apply with two real face photos, an activation code, dates and consent →
// pending → the organizer refuses with a reason → the visitor reads it, edits and resubmits → the
// organizer approves → ticket QR, visit dates (the full day stays out of reach), empty admission records.
// Run once on a desktop (zh-CN first) and once on a phone (en-US first); every visitor page is
// axe-checked and photographed in both languages (e2e/artifacts/visitor-<device>-NN-<page>-<locale>.png).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { describeE2E, unlessPageFails, useBrowser, type Device, type Locale } from './support/browser';
import { picturesDir, writeFacePicture, type Sample } from './support/pictures';
import { checkPage, clickWhenOpened, demoUsers, menuEntry, signInWithPassword, waitForLanguage, waitForPath } from './support/portal';
import { squash, uiText } from './support/texts';
import {
  checkInBothLanguages,
  checkPageFromTop,
  mainlandId,
  openInfo,
  readSeedFacts,
  register,
  squashedText,
  uploadPhoto,
  visitorPaths,
  type SeedFacts,
  type Visitor,
} from './support/visitor-journey';
import { exactPath, loginPath, PATHS } from './support/paths';
import { formatDayRange } from '../web/src/lib/format/date-time';
import { accessibleNames } from './support/accessible-names';

interface Journey {
  device: Device;
  locale: Locale;
  visitor: Visitor;
  /** Index of the seed's printed activation code this journey uses. */
  codeIndex: number;
  /** face-api demo samples: entry photo, ID photo, and the clearer ID photo sent after the refusal. */
  samples: { entry: Sample; id: Sample; idAgain: Sample };
  refuseReason: string;
}

const journeys: Journey[] = [
  {
    device: 'desktop',
    locale: 'zh-CN',
    visitor: {
      mobile: '19912340001',
      name: '桌面旅程访客',
      password: 'Journey2025desk',
      email: 'desktop.journey@example.com',
      idNumber: mainlandId('11010119900307123'),
    },
    codeIndex: 0,
    samples: { entry: 2, id: 3, idAgain: 2 },
    refuseReason: '证件照片与本人照片不一致，请重新上传证件照片',
  },
  {
    device: 'mobile',
    locale: 'en-US',
    visitor: {
      mobile: '19912340002',
      name: 'Mobile Journey Visitor',
      password: 'Journey2025phone',
      email: 'mobile.journey@example.com',
      idNumber: mainlandId('31010419850612456'),
    },
    codeIndex: 1,
    samples: { entry: 6, id: 1, idAgain: 6 },
    refuseReason: 'The ID photo does not show the same person. Please upload your own ID photo.',
  },
];

/** The organizer's side: find the application by keyword, open its detail. */
async function openApplication(page: Page, name: string, locale: Locale): Promise<void> {
  await page.goto(PATHS.organizerAudienceList);
  await waitForPath(page, exactPath(PATHS.organizerAudienceList));
  await page.getByTestId('review-page').waitFor();
  const keyword = page.getByRole('search').getByLabel(uiText(locale, 'review:filters.keyword'), { exact: true });
  await keyword.fill(name);
  await keyword.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('keyword') === name);
  // The URL changes first; the filter and the list follow once the query answered.
  await expect.poll(() => page.getByTestId('review-filter-reset').isEnabled(), { timeout: 15_000 }).toBe(true);
  const rows = page.getByTestId('review-table').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => rows.first().innerText(), { timeout: 15_000 }).toContain(name);
  await rows.first().getByTestId('review-row-open').click();
  const drawer = page.getByTestId('audience-detail-drawer');
  await unlessPageFails(page, drawer.getByText(name).first().waitFor({ state: 'visible' }));
  await page.waitForURL((url) => url.searchParams.has('detail'));
}

async function refuseOpenApplication(page: Page, reason: string): Promise<void> {
  await page.getByTestId('audience-detail-refuse').click();
  const dialog = page.getByTestId('review-refuse-dialog');
  await dialog.getByTestId('review-refuse-reason').fill(reason);
  // Pressed once its dialog or pop-up has finished opening (a press during the motion can be lost).
  await clickWhenOpened(dialog.getByTestId('review-refuse-submit'));
  await page.getByTestId('audience-detail-refuse-reason').filter({ hasText: reason }).waitFor({ state: 'visible' });
  await page.getByTestId('audience-detail-refuse').waitFor({ state: 'detached' });
}

async function approveOpenApplication(page: Page, name: string, locale: Locale): Promise<void> {
  await page.getByTestId('audience-detail-approve').click();
  // The question names what is approved.
  const question = page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-title');
  expect(squash(await question.innerText())).toBe(squash(uiText(locale, 'review:approve.confirmTitleOne').replace('{{name}}', name)));
  await clickWhenOpened(page.getByTestId('audience-detail-approve-confirm'));
  // An approved application offers only the revocation.
  await page.getByTestId('audience-detail-revoke').waitFor({ state: 'visible' });
  await page.getByTestId('audience-detail-approve').waitFor({ state: 'detached' });
  // The "approved" message covers the drawer's header and stays while the pointer rests on it (antd pauses a
  // message under the pointer): move the pointer off it and let it go, so the next click lands on the drawer.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 2) - 1);
  await page.locator('.ant-message-notice').waitFor({ state: 'detached' });
}

describeE2E('visitor journey', () => {
  const browser = useBrowser();
  let seed: SeedFacts;
  let photosDir: string;

  beforeAll(() => {
    seed = readSeedFacts();
    photosDir = picturesDir();
  });
  afterAll(() => {
    if (photosDir) rmSync(photosDir, { recursive: true, force: true });
  });

  for (const journey of journeys) {
    const { device, locale, visitor } = journey;
    it(`${device} (${locale}): register, apply, refused, resubmit, approved, ticket, visit dates, records`, async () => {
      const started = Date.now();
      const lap = (step: string) => console.info(`[visitor ${device}] ${step} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const code = seed.codes[journey.codeIndex];
      if (!code) throw new Error(`the seed printed no activation code #${journey.codeIndex}`);
      const [firstDay, secondDay] = seed.showDays;
      if (!firstDay || !secondDay) throw new Error('the seed has fewer than two show days');
      const [entryFile, idFile, idAgainFile] = await Promise.all([
        writeFacePicture(photosDir, `${device}-entry`, journey.samples.entry),
        writeFacePicture(photosDir, `${device}-id`, journey.samples.id, 0.25),
        writeFacePicture(photosDir, `${device}-id-again`, journey.samples.idAgain, 0.25),
      ]);
      const shot = (n: string, page: string) => `visitor-${device}-${n}-${page}`;
      const t = (key: string) => uiText(locale, key);

      // 1. Registration (captcha, code from the outbox): signed in and sent to the application form.
      const { page, problems } = await browser.open({ locale, device });
      // The application's photo fields start loading the face check once the page is idle, before any photo is
      // picked; its code and model are hashed assets the browser keeps for the next visit (immutable).
      const faceAssets = ['/face-api.esm-', '/tiny_face_detector_model-'].map((name) =>
        page.waitForResponse((response) => new URL(response.url()).pathname.includes(name), { timeout: 120_000 }),
      );
      await register(page, visitor, locale, device);
      lap('registered');

      // 2. The application with both photos, an unused code, a date and both consents.
      await page.getByTestId('application-page').waitFor();
      // The footer gives the running show's days, not a past edition's.
      const lastDay = seed.showDays[seed.showDays.length - 1] ?? firstDay;
      await expect.poll(() => page.getByTestId('show-footer').innerText()).toContain(formatDayRange(firstDay, lastDay, locale));
      await checkInBothLanguages(page, shot('02', 'application'), locale, 'common:public.application', device);
      const form = page.getByTestId('application-form');
      expect(await page.getByTestId('application-name').inputValue()).toBe(visitor.name);
      expect(await page.getByTestId('application-mobile').inputValue()).toBe(visitor.mobile);
      // Forms: a name with digits is refused at the field before sending (the shared
      // schema); an empty email says "required" (SPEC 5); the photo buttons say what they do.
      const nameInput = page.getByTestId('application-name');
      await nameInput.fill('R2D2 2026');
      await nameInput.blur();
      await form.getByText(t('errors:AUDIENCE_NAME_INVALID'), { exact: true }).waitFor();
      await nameInput.fill(visitor.name);
      const emailInput = page.getByTestId('application-email');
      await emailInput.focus();
      await emailInput.blur();
      await form.getByText(t('errors:AUDIENCE_EMAIL_REQUIRED'), { exact: true }).waitFor();
      await checkPageFromTop(page, shot('02', 'application-error'));
      const buttonNames = (await accessibleNames(page, ['button'])).map((button) => button.name);
      for (const field of ['entryPhoto', 'idPhoto']) {
        expect(buttonNames).toContain(t('photo:chooseFor').replace('{{label}}', t(`application:fields.${field}`)));
      }
      expect((await accessibleNames(page, ['textbox'])).map((box) => box.name)).toContain(t('application:fields.name'));
      await emailInput.fill(visitor.email);
      // The ID type is the browser's own select (the form is built without antd), found by its label.
      await page.getByRole('combobox', { name: t('application:fields.idType'), exact: true }).selectOption({ label: t('application:idTypes.MAINLAND_ID') });
      await page.getByTestId('application-id-number').fill(visitor.idNumber);
      for (const asset of await Promise.all(faceAssets)) expect(asset.headers()['cache-control']).toContain('immutable');
      const entryFaces = await uploadPhoto(page, 'ENTRY_CARD', entryFile, shot('02', 'application-crop'));
      lap(`entry photo uploaded (browser face check: ${entryFaces || 'unavailable'})`);
      const idFaces = await uploadPhoto(page, 'ID_CARD', idFile);
      lap(`ID photo uploaded (browser face check: ${idFaces || 'unavailable'})`);
      // The small last day is full: offered, but not selectable.
      const fullDayOption = form.getByTestId(`application-visit-date-${seed.fullDay}`);
      expect(await fullDayOption.getAttribute('data-state')).toBe('full');
      await page.getByTestId(`application-visit-date-${firstDay}`).check();
      await page.getByTestId('application-activation-code').fill(code.toLowerCase());
      expect(await page.getByTestId('application-activation-code').inputValue()).toBe(code);
      await page.getByTestId('application-consent').check();
      await page.getByTestId('application-truth').check();
      await checkPageFromTop(page, shot('02', 'application-filled'));
      await page.getByTestId('application-submit').click();

      // 3. Pending.
      await waitForPath(page, visitorPaths.info);
      await page.getByTestId('info-page').waitFor();
      expect(await page.getByTestId('info-page').getAttribute('data-status')).toBe('WAIT');
      expect(squash(await page.getByTestId('info-status-tag').innerText())).toBe(squash(t('visitor:info.status.WAIT.tag')));
      // Pending, not refused: "Edit", while the server's rule allows it.
      expect(squash(await page.getByTestId('info-action-edit').innerText())).toBe(squash(t('visitor:info.actions.edit')));
      await checkInBothLanguages(page, shot('03', 'info-pending'), locale, 'visitor:info.status.WAIT.title', device);
      lap('application submitted, pending');

      // 4. The organizer finds it by keyword, opens the detail and refuses it with a reason.
      const organizer = await browser.open({ locale, device: 'desktop' });
      const office = organizer.page;
      await office.goto(loginPath({ scope: 'organizer' }));
      await waitForLanguage(office, locale);
      await signInWithPassword(office, demoUsers.organizer);
      await waitForPath(office, demoUsers.organizer.landing);
      await openApplication(office, visitor.name, locale);
      await office.getByTestId('audience-detail-face-match').waitFor();
      await checkPage(office, shot('04', 'organizer-detail-pending'));
      await refuseOpenApplication(office, journey.refuseReason);
      await checkPage(office, shot('04', 'organizer-detail-refused'));
      lap('refused by the organizer');

      // 5. The visitor reads the reason, edits (a new ID photo) and resubmits.
      expect(await openInfo(page)).toBe('REFUSE');
      expect(await page.getByTestId('info-refuse-reason').innerText()).toContain(journey.refuseReason);
      await checkInBothLanguages(page, shot('05', 'info-refused'), locale, 'visitor:info.status.REFUSE.title', device);
      expect(squash(await page.getByTestId('info-action-edit').innerText())).toBe(squash(t('visitor:info.actions.resubmit')));
      await page.getByTestId('info-action-edit').click();
      await waitForPath(page, visitorPaths.edit);
      await page.getByTestId('application-edit-page').waitFor();
      expect(await page.getByTestId('application-refuse-reason').innerText()).toContain(journey.refuseReason);
      // The saved application comes back into the form.
      expect(await page.getByTestId('application-id-number').inputValue()).toBe(visitor.idNumber);
      expect(await page.getByTestId('application-activation-code').inputValue()).toBe(code);
      await checkInBothLanguages(page, shot('06', 'edit'), locale, 'common:visitor.pages.edit', device);
      await uploadPhoto(page, 'ID_CARD', idAgainFile);
      await page.getByTestId('application-consent').check();
      await page.getByTestId('application-truth').check();
      await page.getByTestId('application-submit').click();
      await waitForPath(page, visitorPaths.info);
      await expect.poll(() => page.getByTestId('info-page').getAttribute('data-status'), { timeout: 15_000 }).toBe('WAIT');
      lap('resubmitted');

      // 6. The organizer approves.
      await openApplication(office, visitor.name, locale);
      await approveOpenApplication(office, visitor.name, locale);
      // Back to the list (axe would otherwise measure the list's colours through the drawer's mask).
      await office.getByRole('button', { name: t('review:detail.close'), exact: true }).click();
      await office.waitForURL((url) => !url.searchParams.has('detail'));
      await office.getByTestId('audience-detail-drawer').waitFor({ state: 'hidden' });
      // A fresh load: no closing drawer (nor its fading mask) left over the list.
      await office.reload();
      await office.getByTestId('review-table').getByTestId('review-status-tag').waitFor();
      expect(await office.getByTestId('review-table').getByTestId('review-status-tag').getAttribute('data-status')).toBe('DONE');
      // The "Submitted" column shows its title and whole dates at 1366 px, and a mobile number
      // stays on one line.
      const clipped = await office.locator('.review-col-submitted, .review-col-mobile').evaluateAll((cells) =>
        cells
          .filter((cell) => [cell, ...Array.from(cell.querySelectorAll('.ant-table-column-title'))].some((node) => node.scrollWidth > node.clientWidth))
          .map((cell) => cell.textContent),
      );
      expect(clipped).toEqual([]);
      await checkPageFromTop(office, shot('07', 'organizer-list-approved'));
      lap('approved by the organizer');

      // 7. Approved: the ticket's QR code.
      expect(await openInfo(page)).toBe('DONE');
      await checkInBothLanguages(page, shot('08', 'info-approved'), locale, 'visitor:info.status.DONE.title', device);
      await page.getByTestId('info-action-ticket').click();
      await waitForPath(page, visitorPaths.ticket);
      const qr = page.getByTestId('ticket-qr');
      await qr.locator('svg').waitFor({ state: 'visible' });
      // Visitor tickets rotate by default: payload.signature.code of the current window.
      expect(await qr.getAttribute('data-token')).toMatch(/^[\w-]+\.[\w-]+\.\d{6}$/);
      expect(await page.getByTestId('ticket-holder').innerText()).toBe(visitor.name);
      await page.getByTestId(`ticket-date-${firstDay}`).waitFor();
      // The entry instructions are information: antd's info blue, never the error red.
      const notice = page.getByTestId('ticket-instruction');
      expect(await notice.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(230, 244, 255)');
      expect(await notice.locator('.plain-status-icon').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(9, 88, 217)');
      await checkInBothLanguages(page, shot('09', 'ticket'), locale, 'visitor:ticket.title', device);
      // The QR code enlarged for the gate's scanner; Escape closes the dialog.
      await page.getByTestId('ticket-qr-enlarge').click();
      await page.getByTestId('ticket-qr-dialog').waitFor({ state: 'visible' });
      await checkPage(page, shot('09', `ticket-qr-enlarged-${locale}`));
      await page.keyboard.press('Escape');
      await page.getByTestId('ticket-qr-dialog').waitFor({ state: 'detached' });
      if (device === 'mobile') {
        // The area's menu in its side sheet, the current page marked; Escape closes it, and so does following an entry.
        const sheet = page.getByRole('dialog', { name: t('common:visitor.title') });
        await page.getByTestId('mobile-menu-button').click();
        await sheet.waitFor({ state: 'visible' });
        const ticketEntry = menuEntry(page, locale, 'common:visitor.menu.ticket');
        expect(await ticketEntry.getAttribute('aria-current')).toBe('page');
        await checkPage(page, shot('09', `menu-${locale}`));
        await page.keyboard.press('Escape');
        await sheet.waitFor({ state: 'hidden' });
        await page.getByTestId('mobile-menu-button').click();
        await ticketEntry.click();
        await sheet.waitFor({ state: 'hidden' });
      }

      // An approved registration cannot be edited: the menu offers no "edit", and its address says why and leads back.
      if (device === 'desktop') expect(await menuEntry(page, locale, 'common:visitor.menu.edit').count()).toBe(0);
      await page.goto(PATHS.visitorInfoEdit);
      await page.getByTestId('application-not-editable').waitFor();
      expect(await page.getByTestId('application-not-editable-reason').innerText()).toBe(t('application:notEditable.approved'));
      await checkInBothLanguages(page, shot('09', 'edit-approved'), locale, 'application:notEditable.back', device);
      await page.getByTestId('application-not-editable-back').click();
      await waitForPath(page, visitorPaths.info);
      await page.goto(PATHS.visitorTicket);
      await waitForPath(page, visitorPaths.ticket);

      // 8. Visit dates: add the second day and save; the full day cannot be chosen.
      await page.getByTestId('ticket-change-dates').click();
      await waitForPath(page, visitorPaths.visitDate);
      await page.getByTestId('visit-date-page').waitFor();
      await checkInBothLanguages(page, shot('10', 'visit-date'), locale, 'visitor:visitDate.title', device);
      const fullCard = page.getByTestId(`visit-date-${seed.fullDay}`);
      expect(await fullCard.getAttribute('data-state')).toBe('full');
      expect(squash(await fullCard.innerText())).toContain(squash(t('visitor:visitDate.full')));
      // SPEC 8's message for the day: the ticket count reached the limit.
      expect(squash(await page.getByTestId(`visit-date-${seed.fullDay}-reason`).innerText())).toBe(squash(t('errors:VISIT_DATE_FULL')));
      await fullCard.getByRole('checkbox').click({ force: true });
      expect(await fullCard.getAttribute('data-checked')).toBe('false');
      expect(await fullCard.getByRole('checkbox').isDisabled()).toBe(true);
      const secondCard = page.getByTestId(`visit-date-${secondDay}`);
      await secondCard.getByRole('checkbox').check();
      expect(await secondCard.getAttribute('data-checked')).toBe('true');
      await page.getByTestId('visit-date-save').click();
      await page.getByText(t('visitor:visitDate.saved')).waitFor();
      await expect.poll(() => page.getByTestId('visit-date-reset').isDisabled(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByTestId(`visit-date-${firstDay}`).getAttribute('data-checked')).toBe('true');
      expect(await secondCard.getAttribute('data-checked')).toBe('true');
      await checkPageFromTop(page, shot('10', `visit-date-saved-${locale}`));
      lap('visit dates saved');

      // 9. Admission records: none yet.
      await page.goto(PATHS.visitorRecord);
      await waitForPath(page, visitorPaths.record);
      await page.getByTestId('record-empty').waitFor();
      expect(await squashedText(page, 'record-empty')).toContain(squash(t('visitor:record.empty')));
      await checkInBothLanguages(page, shot('11', 'record'), locale, 'visitor:record.title', device);

      // 10. The visitor's own data (PIPL): withdraw the application (the visit day has not
      // come), then erase everything and close the account — the password asked again, a wrong one refused.
      await page.goto(PATHS.settings);
      await page.getByTestId('personal-data').waitFor();
      await checkPageFromTop(page, shot('12', `personal-data-${locale}`));
      await page.getByTestId('withdraw-application').click();
      await clickWhenOpened(page.getByTestId('withdraw-confirm'));
      await page.getByText(t('personal-data:withdraw.done')).waitFor();
      await expect.poll(() => page.getByTestId('withdraw-application').count()).toBe(0);
      await page.goto(PATHS.visitorInfo);
      await waitForPath(page, exactPath(PATHS.visitorApplication));
      await page.goto(PATHS.settings);
      await page.getByTestId('erase-my-data').click();
      await page.getByTestId('erase-my-data-password').fill(`${visitor.password}-wrong`);
      await page.getByTestId('erase-my-data-understood').check();
      await clickWhenOpened(page.getByTestId('erase-my-data-confirm'));
      await page.getByText(t('errors:PASSWORD_CURRENT_WRONG')).first().waitFor();
      await checkPage(page, shot('13', `erase-dialog-${locale}`));
      await page.getByTestId('erase-my-data-password').fill(visitor.password);
      await page.getByTestId('erase-my-data-confirm').click();
      await waitForPath(page, exactPath(PATHS.login));
      await page.getByText(t('personal-data:erase.done')).waitFor();
      await signInWithPassword(page, { identity: visitor.mobile, password: visitor.password });
      await page.getByText(t('errors:AUTH_NOT_REGISTERED')).first().waitFor();
      lap('withdrawn, then erased and closed');

      expect(problems).toEqual([]);
      expect(organizer.problems).toEqual([]);
      lap('done');
    });
  }
});
