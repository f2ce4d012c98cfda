// Auto-approval rules (decision 0310), in both languages: the organizer writes a rule on /wo/audience/rules (codes of
// the demo batch are approved at once), the demo visitor submits with such a code and is approved at submission,
// and the application's history in the approval list's drawer names the rule; in the second language the organizer
// switches the rule off, and the next submission would wait for a person.
//
// The journey runs on a server of its own: its rules apply to every submission of the server they are saved on.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shanghaiDate } from '@portal/shared/dates';
import { graphqlAs, signIn, type CookieJar } from './support/api-session';
import { apply } from './support/approved-visitor';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { PATHS } from './support/paths';
import { checkPage, demoUsers, openPage } from './support/portal';
import { chooseOption, selectLabelled } from './support/select';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { squash, uiText } from './support/texts';
import { mainlandId, readSeedFacts } from './support/visitor-journey';
import { DETAIL_PARAM } from '../web/src/features/review/lib/list-url';

const RULE_NAME = '受邀买家 Invited buyers';

let server: RunningServer;

describeE2E('auto-approval rules', () => {
  const browser = useBrowser();
  let organizer: CookieJar;
  let applicationId = '';

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'auto-approval-server.log'), env: { WEB_DIST_DIR: distDir } });
    organizer = await signIn(server.baseUrl, { ...demoUsers.organizer, scope: 'organizer' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const rulesSaved = async () => (await graphqlAs<{ autoApprovalRules: Array<{ name: string; enabled: boolean; codeBatches: string[] }> }>(server.baseUrl, organizer, '{ autoApprovalRules { name enabled codeBatches } }')).autoApprovalRules;

  for (const locale of ['zh-CN', 'en-US'] as Locale[]) {
    it(`${locale}: the organizer's rule approves a submission at once, and the history names it`, async () => {
      const t = (key: string) => uiText(locale, key);
      const shot = (step: string) => `auto-approval-${locale}-${step}`;
      const first = locale === 'zh-CN';
      const { page } = await browser.open({ locale, device: 'desktop', origin: server.baseUrl });
      await signInDirect(page, demoUsers.organizer, locale);
      await openPage(page, PATHS.organizerAutoApproval, 'auto-approval-page');

      if (first) {
        // 1. No rules yet: a rule for the demo batch of codes, no face condition.
        await page.getByText(t('review:autoApproval.none')).waitFor();
        await page.getByTestId('auto-approval-add').click();
        await page.getByTestId('auto-approval-name').fill(RULE_NAME);
        await chooseOption(page, selectLabelled(page, t('review:autoApproval.codeBatches')), 'demo');
        await checkPage(page, shot('01-rule'));
        await page.getByTestId('auto-approval-save').click();
        await unlessPageFails(page, page.getByTestId('auto-approval-saved').waitFor());
        expect(await rulesSaved()).toEqual([{ name: RULE_NAME, enabled: true, codeBatches: ['demo'] }]);

        // 2. The demo visitor submits with a code of that batch (through the API: the visitor journey covers the form).
        const seed = readSeedFacts(server.logFile, server.baseUrl);
        const submitted = await apply(server.baseUrl, demoUsers.visitor, {
          name: '自动审核访客',
          mobile: demoUsers.visitor.identity,
          email: 'auto.approval@example.com',
          idNumber: mainlandId('11010119880606123'),
          visitDates: [seed.showDays[0] ?? shanghaiDate(new Date())],
          activationCode: seed.codes[0] ?? '',
          samples: { entry: 4, id: 4 },
        });
        expect(submitted.status).toBe('DONE');
        applicationId = submitted.applicationId;
      } else {
        // 1. The saved rule, as the other language shows it: switched off and saved.
        expect(await page.getByTestId('auto-approval-name').inputValue()).toBe(RULE_NAME);
        await page.getByTestId('auto-approval-enabled').click();
        await checkPage(page, shot('01-rule'));
        await page.getByTestId('auto-approval-save').click();
        await unlessPageFails(page, page.getByTestId('auto-approval-saved').waitFor());
        expect(await rulesSaved()).toEqual([{ name: RULE_NAME, enabled: false, codeBatches: ['demo'] }]);
      }

      // 3. The approval list's drawer: the approval was made by the rule, named in the history.
      await openPage(page, `${PATHS.organizerAudienceList}?${new URLSearchParams({ [DETAIL_PARAM]: applicationId }).toString()}`, 'audience-detail-history');
      const history = page.getByTestId('audience-detail-history');
      const byRule = squash(t('review:detail.historyRule').replace('{{rule}}', RULE_NAME));
      await expect.poll(async () => squash(await history.innerText())).toContain(byRule);
      await history.scrollIntoViewIfNeeded();
      await checkPage(page, shot('02-history'));
    });
  }
});
