// Review jobs (decision 0309): on the approval list filtered to the pending applications, the organizer approves
// all that match — the dialog shows the list's count, the progress panel reaches done, and the list shows none
// pending. In the second language, on a phone, the same dialog says that nothing is left to approve.
//
// The journey runs on a server of its own: the job decides every pending demo application of that server.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphqlAs, signIn, type CookieJar } from './support/api-session';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { PATHS } from './support/paths';
import { checkPage, cutContent, demoUsers, openPage } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { squash, uiText } from './support/texts';

let server: RunningServer;
const WAITING = `query ($filter: AudienceFilter) { audiences(filter: $filter, pageSize: 100) { total nodes { id approveStatus } } }`;

describeE2E('review jobs', () => {
  const browser = useBrowser();
  let organizer: CookieJar;

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'review-job-server.log'), env: { WEB_DIST_DIR: distDir } });
    organizer = await signIn(server.baseUrl, { ...demoUsers.organizer, scope: 'organizer' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const audiences = async (statuses: string[]) =>
    (await graphqlAs<{ audiences: { total: number; nodes: Array<{ id: string; approveStatus: string }> } }>(server.baseUrl, organizer, WAITING, { filter: { statuses } })).audiences;

  it('zh-CN: the organizer approves all pending applications of the filter and watches the job finish', async () => {
    const t = (key: string, values: Record<string, string | number> = {}) => Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), uiText('zh-CN', key));
    const shot = (step: string) => `review-job-zh-CN-${step}`;
    const waiting = await audiences(['WAIT']);
    expect(waiting.total).toBeGreaterThan(0);

    const { page } = await browser.open({ locale: 'zh-CN', device: 'desktop', origin: server.baseUrl });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');
    await openPage(page, `${PATHS.organizerAudienceList}?statuses=WAIT`, 'review-table');
    await page.getByTestId('review-job-approve').click();
    const dialog = page.getByTestId('review-job-dialog');
    await expect.poll(async () => squash(await dialog.getByTestId('review-job-count').innerText())).toBe(squash(t('review:job.count', { count: waiting.total })));
    await checkPage(page, shot('01-confirm'));
    await dialog.getByTestId('review-job-submit').click();

    const panel = page.getByTestId('review-job-panel');
    await unlessPageFails(page, panel.waitFor());
    await unlessPageFails(page, panel.locator('[data-state="DONE"]').waitFor({ timeout: 60_000 }));
    expect(squash(await panel.getByTestId('review-job-progress').innerText())).toBe(squash(t('review:job.progress', { processed: waiting.total, count: waiting.total })));
    // Done: the list was read again, and no application of the filter is pending any more.
    await unlessPageFails(page, page.getByTestId('review-empty').waitFor());
    await checkPage(page, shot('02-done'));
    expect((await audiences(['WAIT'])).total).toBe(0);
    const approved = new Set((await audiences(['DONE'])).nodes.map((row) => row.id));
    expect(waiting.nodes.every((row) => approved.has(row.id))).toBe(true);

    await panel.getByTestId('review-job-close').click();
    await panel.waitFor({ state: 'detached' });
  });

  it('en-US on a phone: nothing is left to approve, and the dialog says so', async () => {
    const t = (key: string) => uiText('en-US', key);
    const { page } = await browser.open({ locale: 'en-US', device: 'mobile', origin: server.baseUrl });
    await signInDirect(page, demoUsers.organizer, 'en-US');
    await openPage(page, `${PATHS.organizerAudienceList}?statuses=WAIT`, 'review-page');
    await page.getByTestId('review-job-approve').click();
    const dialog = page.getByTestId('review-job-dialog');
    await unlessPageFails(page, dialog.getByText(t('review:job.nothing')).waitFor());
    expect(await dialog.getByTestId('review-job-submit').isDisabled()).toBe(true);
    await checkPage(page, 'review-job-en-US-01-nothing-mobile');
    expect(await cutContent(page)).toEqual([]);
  });
});
