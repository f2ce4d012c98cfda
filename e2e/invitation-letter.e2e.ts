// Visa invitation letters through the real UI: the project section saves the letter template, the demo visitor
// (approved with a passport, through the API) asks for a letter, the audience section issues it, the visitor
// downloads the PDF (read back with poppler: the passport number, the QR decoded to the verification page), the
// public verification page says valid with the name masked; the organizer revokes it and the page says revoked.
// Axe-checked and photographed in both languages (e2e/artifacts/letter-*.png).
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import { readPrintedPdf } from '../server/src/test/printed-pdf';
import { applyAndApprove } from './support/approved-visitor';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { checkPage, demoUsers, openPage } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { checkInBothLanguages, otherLocale, readSeedFacts, switchLanguage } from './support/visitor-journey';

const VISITOR_NAME = 'John Smith';
const PASSPORT = 'E12345678';

let server: RunningServer;

async function verdictOf(page: Page) {
  await unlessPageFails(page, page.getByTestId('letter-verdict').waitFor({ state: 'visible', timeout: 30_000 }));
  return page.getByTestId('letter-verdict').getAttribute('data-verdict');
}

describeE2E('invitation letters: request, issue, download, verify, revoke', () => {
  const { open } = useBrowser();

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'letter-server.log'), env: { WEB_DIST_DIR: distDir, DEMO_GATE_DAY_TODAY: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a foreign visitor asks, the organizer issues, the PDF verifies; revoked, the page says so', async () => {
    const locale: Locale = 'zh-CN';
    const organizer = await open({ locale, device: 'desktop', origin: server.baseUrl });
    await signInDirect(organizer.page, demoUsers.organizer, locale);

    // The template, in the project section.
    await openPage(organizer.page, PATHS.organizerLetterTemplate, 'letter-template-page');
    await organizer.page.getByTestId('letter-issuer-name').fill('王主任');
    await organizer.page.getByTestId('letter-issuer-title').fill('Director, Show Office');
    await checkInBothLanguages(organizer.page, 'letter-template', locale, 'invitation-letter:template.title', 'desktop');
    await organizer.page.getByTestId('letter-template-save').click();
    await unlessPageFails(organizer.page, organizer.page.getByTestId('letter-template-saved').waitFor({ state: 'visible' }));

    // The demo visitor, approved with a passport (the visitor journey covers the application pages).
    const seed = readSeedFacts(join(repoRoot, 'e2e', 'artifacts', 'letter-server.log'), server.baseUrl);
    await applyAndApprove(server.baseUrl, demoUsers.visitor, demoUsers.organizer, {
      name: VISITOR_NAME,
      mobile: demoUsers.visitor.identity,
      email: 'demo.visitor@example.com',
      idType: 'PASSPORT',
      idNumber: PASSPORT,
      birthDate: '1990-01-02',
      visitDates: [shanghaiDate(new Date())],
      activationCode: seed.codes[0] ?? '',
      samples: { entry: 4, id: 4 },
    });
    const approvedVisitor = { ...demoUsers.visitor, landing: exactPath(PATHS.visitorInfo), layout: 'visitor-layout', landingHeading: 'visitor:info.title' };
    const visitor = await open({ locale, device: 'desktop', origin: server.baseUrl });
    await signInDirect(visitor.page, approvedVisitor, locale);
    await openPage(visitor.page, PATHS.visitorLetter, 'letter-request-page');
    await checkInBothLanguages(visitor.page, 'letter-request', locale, 'invitation-letter:request.formTitle', 'desktop');
    await visitor.page.getByTestId('letter-nationality').fill('United Kingdom');
    await visitor.page.getByTestId('letter-passport-expiry').fill('2099-12-31');
    await visitor.page.getByTestId('letter-request').click();
    await unlessPageFails(visitor.page, visitor.page.getByTestId('letter-requested').waitFor({ state: 'visible' }));

    // The audience section issues it.
    await openPage(organizer.page, PATHS.organizerAudienceLetters, 'letter-table');
    await checkInBothLanguages(organizer.page, 'letter-queue', locale, 'invitation-letter:queue.title', 'desktop');
    await organizer.page.getByTestId('letter-issue').first().click();
    await unlessPageFails(organizer.page, organizer.page.getByTestId('letter-done').waitFor({ state: 'visible' }));

    // The visitor downloads the PDF: the passport number, and a QR that opens the verification page.
    await openPage(visitor.page, PATHS.visitorLetter, 'letter-download');
    await checkPage(visitor.page, `letter-issued-${locale}`);
    const href = await visitor.page.getByTestId('letter-download').first().getAttribute('href');
    const response = await visitor.page.request.get(new URL(href ?? '', server.baseUrl).toString());
    expect(response.status()).toBe(200);
    const printed = await readPrintedPdf(new Uint8Array(await response.body()));
    let verifyUrl = '';
    try {
      expect(printed.text.replace(/\s+/g, ' ')).toContain(PASSPORT);
      expect(printed.text.replace(/\s+/g, ' ')).toContain(VISITOR_NAME);
      verifyUrl = (await printed.qrOfPage(1)) ?? '';
    } finally {
      await printed.close();
    }
    expect(verifyUrl.startsWith(`${server.baseUrl}${PATHS.letterVerify}/`)).toBe(true);

    // The public page, no sign-in: valid, the name masked.
    const officer = await open({ locale, device: 'mobile', origin: server.baseUrl });
    await officer.page.goto(verifyUrl);
    expect(await verdictOf(officer.page)).toBe('VALID');
    expect(await officer.page.getByTestId('letter-verify-name').textContent()).toBe('J*** S****');
    await checkPage(officer.page, `letter-verify-valid-${locale}`);
    await switchLanguage(officer.page, otherLocale(locale));
    expect(await verdictOf(officer.page)).toBe('VALID');
    await checkPage(officer.page, `letter-verify-valid-${otherLocale(locale)}`);

    // Revoked with a reason: the page says revoked.
    await openPage(organizer.page, `${PATHS.organizerAudienceLetters}`, 'letter-table');
    await organizer.page.getByTestId('letter-filter').getByText(/已签发|Issued/).click();
    await unlessPageFails(organizer.page, organizer.page.getByTestId('letter-revoke').first().waitFor({ state: 'visible' }));
    await organizer.page.getByTestId('letter-revoke').first().click();
    await organizer.page.getByTestId('letter-reason').fill('Withdrawn by the visitor');
    await organizer.page.getByTestId('letter-reason-confirm').click();
    await unlessPageFails(organizer.page, organizer.page.getByTestId('letter-done').last().waitFor({ state: 'visible' }));
    await officer.page.reload();
    expect(await verdictOf(officer.page)).toBe('REVOKED');
    await checkPage(officer.page, `letter-verify-revoked-${otherLocale(locale)}`);
  });
});
