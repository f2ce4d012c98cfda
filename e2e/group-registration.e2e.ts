// Group registration by an agent (decision 0210), in both languages and on a phone: the organizer creates a group
// for the agent's mobile; the agent (a visitor who registered with that mobile) opens it from the SMS's link and
// imports the members — a bad row is reported, the good one invited by SMS; the member opens the invitation's link,
// confirms their own ID number (a wrong one is refused) and fills in their own application, the group's code already
// there; the agent sees the member's application pending review; the organizer approves the group's pending
// applications together, opens them in the approval list, and finally deletes the group.
//
// The journey runs on a server of its own: the agent and the member register there.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { readOutbox } from './support/outbox';
import { PATHS } from './support/paths';
import { picturesDir, writeFacePicture } from './support/pictures';
import { checkPage, demoUsers, openPage, waitForPath } from './support/portal';
import { chooseOption } from './support/select';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { uiText } from './support/texts';
import { checkInBothLanguages, mainlandId, readSeedFacts, register, uploadPhoto, visitorPaths, type Visitor } from './support/visitor-journey';

const GROUP = '环球摩旅 Global Moto Tours';
const agent: Visitor = { mobile: '19912340061', name: '领队老王', password: 'Agent2025group', email: 'agent@example.com', idNumber: mainlandId('11010119800101123') };
const member: Visitor = { mobile: '19912340062', name: '团员小李', password: 'Member2025group', email: 'member@example.com', idNumber: mainlandId('11010119950505123') };

let server: RunningServer;

describeE2E('group registration by an agent', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'group-registration-server.log'), env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the organizer creates a group, the agent imports, the member confirms and applies, the organizer approves the group', async () => {
    const zh = (key: string) => uiText('zh-CN', key);
    const en = (key: string) => uiText('en-US', key);

    // 1. The organizer (Chinese, desktop) creates the group for the agent's mobile, five members at most.
    const office = await browser.open({ locale: 'zh-CN', device: 'desktop', origin: server.baseUrl });
    const desk = office.page;
    await signInDirect(desk, demoUsers.organizer, 'zh-CN');
    await openPage(desk, PATHS.organizerGroups, 'group-list-page');
    await desk.getByTestId('group-create').click();
    await desk.getByTestId('group-create-name').fill(GROUP);
    await desk.getByTestId('group-create-agent').fill(agent.mobile);
    await desk.getByTestId('group-create-limit').fill('5');
    await desk.getByTestId('group-create-ok').click();
    const drawer = desk.getByTestId('group-drawer');
    await unlessPageFails(desk, drawer.getByTestId('group-panel').waitFor());
    expect(await drawer.getByTestId('group-members-count').innerText()).toBe('0 / 5');
    await checkPage(desk, 'group-registration-01-organizer-created-zh-CN');

    // 2. The agent is told by SMS; registered with that mobile (English, phone), they open the group from its link.
    await expect.poll(() => readOutbox(agent.mobile, server.logFile).some((message) => message.body.includes(`${server.baseUrl}${PATHS.visitorGroups}`)), { timeout: 15_000 }).toBe(true);
    const agentBrowser = await browser.open({ locale: 'en-US', device: 'mobile', origin: server.baseUrl });
    const hand = agentBrowser.page;
    await register(hand, agent, 'en-US', 'mobile', server.logFile);
    await openPage(hand, PATHS.visitorGroups, 'agent-groups-page');
    await hand.getByTestId('agent-group').waitFor();

    // 3. The import: the member's row is added and invited; a row with a wrong ID number is reported and skipped.
    const csv = ['姓名,手机号,证件类型,证件号码,邮箱', `${member.name},${member.mobile},身份证,${member.idNumber},${member.email}`, `号码有误,19912340063,身份证,110101199001011234,`].join('\n');
    await hand.getByTestId('group-import-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await hand.getByTestId('group-import-submit').click();
    const report = hand.getByTestId('group-import-report');
    await unlessPageFails(hand, report.waitFor());
    await expect.poll(() => report.locator('tbody tr').first().textContent()).toContain(en('visitor-group:report.problems.ID_NUMBER'));
    await hand.getByTestId('group-import-good-rows').click();
    await unlessPageFails(hand, hand.getByTestId('group-member-INVITED').waitFor());
    expect(await hand.getByTestId('group-members').innerText()).toContain(`****${member.idNumber.slice(-4)}`);
    await checkInBothLanguages(hand, 'group-registration-02-agent-imported', 'en-US', 'visitor-group:agent.title', 'mobile');

    // 4. The member's SMS holds the link; signed in with their own mobile (Chinese, phone), they confirm their ID.
    await expect.poll(() => readOutbox(member.mobile, server.logFile).some((message) => message.body.includes(PATHS.visitorGroupJoin)), { timeout: 15_000 }).toBe(true);
    const memberBrowser = await browser.open({ locale: 'zh-CN', device: 'mobile', origin: server.baseUrl });
    const phone = memberBrowser.page;
    await register(phone, member, 'zh-CN', 'mobile', server.logFile);
    await openPage(phone, PATHS.visitorGroupJoin, 'group-join-page');
    await checkInBothLanguages(phone, 'group-registration-03-member-join', 'zh-CN', 'visitor-group:join.title', 'mobile');
    await chooseOption(phone, phone.getByTestId('group-join-id-type'), zh('application:idTypes.MAINLAND_ID'));
    await phone.getByTestId('group-join-id-number').fill(agent.idNumber);
    await phone.getByTestId('group-join-submit').click();
    await unlessPageFails(phone, phone.getByTestId('group-join-refused').waitFor());
    expect(await phone.getByTestId('group-join-refused').innerText()).toBe(zh('errors:GROUP_ID_NUMBER_MISMATCH'));
    await checkPage(phone, 'group-registration-03-member-refused-zh-CN');
    await phone.getByTestId('group-join-id-number').fill(member.idNumber);
    await phone.getByTestId('group-join-submit').click();
    await unlessPageFails(phone, phone.getByTestId('group-joined').waitFor());

    // 5. Their own application: the group's code is filled in; they consent and give their photos themselves.
    await phone.getByTestId('group-join-apply').click();
    await phone.getByTestId('application-page').waitFor();
    const code = await phone.getByTestId('application-activation-code').inputValue();
    expect(code).toMatch(/^[A-Z0-9-]{6,}$/);
    const photos = picturesDir();
    const [entryFile, idFile] = await Promise.all([writeFacePicture(photos, 'group-entry', 3), writeFacePicture(photos, 'group-id', 4, 0.25)]);
    await phone.getByTestId('application-counter-check').check();
    await phone.getByTestId('application-email').fill(member.email);
    await phone.getByRole('combobox', { name: zh('application:fields.idType'), exact: true }).selectOption({ label: zh('application:idTypes.MAINLAND_ID') });
    await phone.getByTestId('application-id-number').fill(member.idNumber);
    await uploadPhoto(phone, 'ENTRY_CARD', entryFile);
    await uploadPhoto(phone, 'ID_CARD', idFile);
    await phone.getByTestId(`application-visit-date-${readSeedFacts(server.logFile, server.baseUrl).showDays[0] ?? ''}`).check();
    await phone.getByTestId('application-consent').check();
    await phone.getByTestId('application-truth').check();
    await phone.getByTestId('application-submit').click();
    await waitForPath(phone, visitorPaths.info);
    expect(await phone.getByTestId('info-page').getAttribute('data-status')).toBe('WAIT');

    // 6. The agent sees the member's application pending review.
    await hand.reload();
    await unlessPageFails(hand, hand.getByTestId('group-member-WAIT').waitFor());

    // 7. The organizer approves the group's pending applications together, then opens them in the approval list.
    await desk.reload();
    await desk.getByTestId(`group-open-${GROUP}`).waitFor();
    await checkInBothLanguages(desk, 'group-registration-04-organizer-list', 'zh-CN', 'visitor-group:list.title', 'desktop');
    await desk.getByTestId(`group-open-${GROUP}`).click();
    await unlessPageFails(desk, drawer.getByTestId('group-member-WAIT').waitFor());
    expect(await drawer.getByTestId('group-waiting-count').innerText()).toBe('1');
    await checkPage(desk, 'group-registration-05-organizer-waiting-zh-CN');
    await drawer.getByTestId('group-approve').click();
    await desk.getByTestId('group-approve-confirm').click();
    await unlessPageFails(desk, desk.getByTestId('group-approved').waitFor());
    await expect.poll(() => drawer.getByTestId('group-approved-count').innerText()).toBe('1');
    await drawer.getByTestId('group-review-list').click();
    await waitForPath(desk, new RegExp(`^${PATHS.organizerAudienceList}$`));
    await expect.poll(() => desk.getByTestId('review-row-name').count()).toBe(1);
    await checkPage(desk, 'group-registration-06-approval-list-zh-CN');

    // 8. After the show the organizer deletes the group: its member list is erased; the approved application stays.
    await openPage(desk, PATHS.organizerGroups, 'group-list-page');
    await desk.getByTestId(`group-open-${GROUP}`).click();
    await drawer.getByTestId('group-delete').click();
    await desk.getByTestId('group-delete-confirm').click();
    await unlessPageFails(desk, desk.getByTestId(`group-open-${GROUP}`).waitFor({ state: 'detached' }));

    for (const opened of [office, agentBrowser, memberBrowser]) expect(opened.problems).toEqual([]);
  });
});
