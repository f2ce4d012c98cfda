// The waitlist of a full day (docs/decisions/0208-waitlist-for-full-days.md), in both languages: the demo visitor
// holds the only seat of the first show day (capacity 1, set by the organizer); a second visitor, registered and
// approved for another day, sees the full day on /wa/visitor/visitDate as "Full — join the waitlist", joins and
// sees place 1; the demo visitor withdraws; the second visitor sees the seat offered with its confirmation
// deadline, confirms it, and holds the day. The organizer's days on /wo/project/info show the line. Every step is
// axe-checked and photographed in both languages (e2e/artifacts/waitlist-*.png).
//
// The journey runs on a server of its own: it changes a day's capacity that the other journeys rely on.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyAndApprove } from './support/approved-visitor';
import { graphqlAs } from './support/api-session';
import { CookieJar, signIn, solveCaptcha } from './support/api-session';
import { describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { waitForVerificationCode } from './support/outbox';
import { signInDirect } from './support/exhibitor-session';
import { PATHS } from './support/paths';
import { checkPage, demoUsers, waitForSettled } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { uiText } from './support/texts';
import { checkInBothLanguages, mainlandId, readSeedFacts } from './support/visitor-journey';

const SECOND = { mobile: '19912340071', name: '候补访客', password: 'Waitlist2025visit', email: 'waitlist.second@example.com', idNumber: mainlandId('11010119940311123') };

let server: RunningServer;

const graphql = <T>(jar: CookieJar, query: string, variables: Record<string, unknown> = {}) => graphqlAs<T>(server.baseUrl, jar, query, variables);

/** A visitor account through the API: the code sent to the mobile (read from the dev outbox in the log), then the registration. */
async function registerVisitor(visitor: typeof SECOND) {
  const jar = new CookieJar();
  const askedAt = new Date();
  const captcha = await solveCaptcha(server.baseUrl, jar);
  const sent = await fetch(`${server.baseUrl}/apis/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-portal-client': 'web', cookie: jar.header() },
    body: new URLSearchParams({ identity: `+86${visitor.mobile}`, captcha, purpose: 'register', scope: 'audience' }),
  });
  jar.store(sent);
  if (!sent.ok) throw new Error(`POST /apis/auth/code answered ${sent.status}: ${await sent.text()}`);
  const code = await waitForVerificationCode(visitor.mobile, askedAt, undefined, server.logFile);
  await graphql(jar, 'mutation ($input: RegisterAudienceInput!) { registerAudience(input: $input) { __typename } }', {
    input: { identity: visitor.mobile, code, password: Buffer.from(visitor.password, 'utf8').toString('base64'), name: visitor.name },
  });
}

interface SettingsDay {
  day: string;
  capacity: number;
  deadline: string;
}

/** The organizer adds a show day after the last one with `capacity` seats, everything else as saved; returns the day. */
async function addDay(organizer: CookieJar, capacity: number): Promise<string> {
  const { projectSettings: current } = await graphql<{ projectSettings: Record<string, unknown> & { showWebsiteUrl: string | null; days: SettingsDay[] } }>(
    organizer,
    'query { projectSettings { version nameZh nameEn showWebsiteUrl audienceRegOpen exhibitorRegOpen audienceUpdateDeadline retentionDays qrPeriodSeconds ticketRules { kind rotating reentry cooldownMinutes } days { day capacity deadline } channels { id nameZh nameEn enabled } } }',
  );
  const last = current.days.at(-1)?.day;
  if (!last) throw new Error('the demo show has no day');
  const next = new Date(`${last}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const day = next.toISOString().slice(0, 10);
  const input = { ...current, showWebsiteUrl: current.showWebsiteUrl ?? 'https://www.motoexpo.example.cn/', days: [...current.days, { day, capacity, deadline: `${day}T09:00:00+08:00` }] };
  await graphql(organizer, 'mutation ($input: ProjectSettingsInput!) { saveProjectSettings(input: $input) { version } }', { input });
  return day;
}

describeE2E('the waitlist of a full day: join, an offer after a withdrawal, the confirmation', () => {
  const { open } = useBrowser();

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({ logFile: join(repoRoot, 'e2e', 'artifacts', 'waitlist-server.log'), env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a second visitor joins the full day, is offered the seat the first frees, and confirms it', async () => {
    const locale = 'zh-CN' as const;
    const t = (key: string) => uiText(locale, key);
    const organizer = await signIn(server.baseUrl, { ...demoUsers.organizer, scope: 'organizer' });
    // A day of its own with one seat (the demo days are booked already), and a demo day for the second visitor.
    const fullDay = await addDay(organizer, 1);
    const { project } = await graphql<{ project: { showDays: Array<{ day: string }> } }>(organizer, 'query { project { showDays { day } } }');
    const otherDay = project.showDays[0]?.day;
    if (!otherDay) throw new Error('the demo show has no day');
    const seed = readSeedFacts(server.logFile, server.baseUrl);

    // The demo visitor takes the one seat: the day is full.
    await applyAndApprove(server.baseUrl, demoUsers.visitor, demoUsers.organizer, {
      name: '演示访客',
      mobile: demoUsers.visitor.identity,
      email: 'demo.visitor@example.com',
      idNumber: mainlandId('11010119920814123'),
      visitDates: [fullDay],
      activationCode: seed.codes[0] ?? '',
      samples: { entry: 4, id: 4 },
    });
    await registerVisitor(SECOND);
    await applyAndApprove(server.baseUrl, { identity: SECOND.mobile, password: SECOND.password }, demoUsers.organizer, {
      ...SECOND,
      visitDates: [otherDay],
      activationCode: seed.codes[1] ?? '',
      samples: { entry: 5, id: 5 },
    });

    // 1. The second visitor sees the full day and joins its waitlist: place 1.
    // Signed in through the API (the sign-in page has its own journeys): the browser takes the session cookie.
    const { page, context } = await open({ locale, device: 'mobile', origin: server.baseUrl });
    const second = await signIn(server.baseUrl, { identity: SECOND.mobile, password: SECOND.password, scope: 'audience' });
    const cookies = second.header().split('; ').map((pair) => pair.split('='));
    await context.addCookies(cookies.map(([name = '', ...value]) => ({ name, value: value.join('='), url: server.baseUrl })));
    await page.goto(PATHS.visitorVisitDate);
    const card = page.getByTestId(`visit-date-${fullDay}`);
    await unlessPageFails(page, card.waitFor({ state: 'visible' }));
    const join = page.getByTestId(`visit-date-${fullDay}-waitlist-join`);
    expect(await join.innerText()).toBe(t('visitor:waitlist.join'));
    await checkInBothLanguages(page, 'waitlist-01-full-day', locale, 'visitor:waitlist.join', 'mobile');
    await join.click();
    const line = page.getByTestId(`visit-date-${fullDay}-waitlist`);
    await unlessPageFails(page, line.and(page.locator('[data-state="waiting"]')).waitFor({ state: 'visible' }));
    expect(await line.innerText()).toContain(t('visitor:waitlist.position').replace('{{position}}', '1'));
    await checkInBothLanguages(page, 'waitlist-02-in-line', locale, 'visitor:waitlist.leave', 'mobile');

    // The organizer's days show the line.
    const office = await open({ locale, device: 'desktop', origin: server.baseUrl });
    await signInDirect(office.page, demoUsers.organizer, locale);
    await office.page.goto(PATHS.organizerProjectInfo);
    await unlessPageFails(office.page, office.page.getByTestId('project-settings-form').waitFor({ state: 'visible' }));
    await waitForSettled(office.page);
    const lastRow = (await office.page.locator('[data-testid^="project-day-"][data-testid$="-waitlist"]').count()) - 1;
    expect(await office.page.getByTestId(`project-day-${lastRow}-waitlist`).innerText()).toBe(t('project:waitlistLength').replace('{{waiting}}', '1').replace('{{offered}}', '0'));
    await checkPage(office.page, 'waitlist-03-organizer-days');

    // 2. The demo visitor withdraws: the seat is offered to the second visitor, with the time to confirm it.
    const first = await signIn(server.baseUrl, { ...demoUsers.visitor, scope: 'audience' });
    await graphql(first, 'mutation { withdrawApplication }');
    await page.reload();
    await unlessPageFails(page, line.and(page.locator('[data-state="offered"]')).waitFor({ state: 'visible' }));
    expect(await line.innerText()).toContain(t('visitor:waitlist.offered').split('{{until}}')[0] ?? '');
    await checkInBothLanguages(page, 'waitlist-04-offered', locale, 'visitor:waitlist.confirm', 'mobile');

    // 3. The confirmation: the day is the visitor's.
    await page.getByTestId(`visit-date-${fullDay}-waitlist-confirm`).click();
    await unlessPageFails(page, page.locator(`[data-testid="visit-date-${fullDay}"][data-checked="true"]`).waitFor({ state: 'visible' }));
    expect(await line.count()).toBe(0);
    await checkInBothLanguages(page, 'waitlist-05-confirmed', locale, 'visitor:visitDate.title', 'mobile');
    const { viewer } = await graphql<{ viewer: { audience: { visitDates: Array<{ day: string }> } } }>(
      second,
      'query { viewer { ... on User { audience { visitDates { day } } } } }',
    );
    expect(viewer.audience.visitDates.map((row) => row.day).sort()).toEqual([fullDay, otherDay].sort());
  }, 240_000);
});
