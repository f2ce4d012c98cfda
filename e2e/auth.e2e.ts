// Sign-in journeys through the real UI: every demo user in both languages, deep links, scope guards,
// logout and the verification-code path. Every page is checked with axe and photographed.
import { expect, it } from 'vitest';
import { baseUrl, describeE2E, useBrowser, type Locale } from './support/browser';
import { waitForVerificationCode } from './support/outbox';
import {
  checkPage,
  clickWhenOpened,
  chooseScope,
  demoUsers,
  expectHeading,
  expectLanding,
  signInThroughLoginPage,
  signInWithPassword,
  solveCaptcha,
  viewerTypename,
  waitForLanguage,
  waitForPath,
} from './support/portal';
import { uiText } from './support/texts';
import { exactPath, loginPath, pathUnder, PATHS } from './support/paths';

const typenameOf = { organizer: 'Ouser', exhibitor: 'Xuser', visitor: 'User' } as const;
const locales: Locale[] = ['zh-CN', 'en-US'];

describeE2E('sign-in with a password', () => {
  const browser = useBrowser();

  for (const locale of locales) {
    for (const user of Object.values(demoUsers)) {
      it(`${user.kind} signs in at /login and lands in its own area (${locale})`, async () => {
        const { page, problems } = await browser.open({ locale });
        await page.goto(PATHS.login);
        await waitForLanguage(page, locale);
        await expectHeading(page, uiText(locale, 'auth:title'));
        await chooseScope(page, user.scope);
        await checkPage(page, `login-${user.scope}-${locale}`);
        expect(await viewerTypename(page)).toBeNull();

        await signInWithPassword(page, user);
        await waitForPath(page, user.landing);
        // SPEC 9: the exhibitor area forces zh-CN whatever the visitor chose.
        await waitForLanguage(page, user.kind === 'exhibitor' ? 'zh-CN' : locale);
        await expectLanding(page, user, locale);
        expect(await viewerTypename(page)).toBe(typenameOf[user.kind]);
        await checkPage(page, `${user.kind}-home-${locale}`);

        // SPEC 2: / sends each signed-in user to its own area again.
        await page.goto(PATHS.root);
        await waitForPath(page, user.landing);
        await expectLanding(page, user, locale);
        expect(problems).toEqual([]);
      });
    }
  }
});

describeE2E('guards and sessions', () => {
  const browser = useBrowser();

  it('a deep link while signed out goes to /login with redirect and scope, and returns there after sign-in', async () => {
    const { page, problems } = await browser.open({ locale: 'en-US' });
    await page.goto(PATHS.organizerProjectInfo);
    await waitForPath(page, exactPath(PATHS.login));
    const query = new URL(page.url()).searchParams;
    expect(query.get('redirect')).toBe(PATHS.organizerProjectInfo);
    expect(query.get('scope')).toBe('organizer');
    await checkPage(page, 'login-deep-link-en-US');

    // The scope comes from the link: no need to pick "Organizer".
    await signInWithPassword(page, demoUsers.organizer);
    await waitForPath(page, exactPath(PATHS.organizerProjectInfo));
    await page.getByTestId('organizer-layout').waitFor();
    await expectHeading(page, uiText('en-US', 'common:organizer.pages.projectInfo'));
    expect(await viewerTypename(page)).toBe('Ouser');
    // The settings say where sign-out leads: the demo's example website is none, so the sign-in page.
    await expect.poll(() => page.getByTestId('project-website-sign-out').innerText()).toBe(uiText('en-US', 'project:hints.signOutToSignIn'));
    await checkPage(page, 'organizer-project-info-en-US');
    expect(problems).toEqual([]);
  });

  it('a signed-in visitor opening /wo/ is sent to /login with scope=organizer', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    await signInThroughLoginPage(page, demoUsers.visitor, 'zh-CN');
    expect(await viewerTypename(page)).toBe('User');

    await page.goto(PATHS.organizer);
    await waitForPath(page, exactPath(PATHS.login));
    const query = new URL(page.url()).searchParams;
    expect(query.get('scope')).toBe('organizer');
    expect(query.get('redirect')).toBe(PATHS.organizer);
    await expectHeading(page, uiText('zh-CN', 'auth:title'));
    await checkPage(page, 'login-visitor-at-organizer-area-zh-CN');
    expect(problems).toEqual([]);
  });

  it('logout ends the session and, the demo show having only an example website, lands on the sign-in page', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    await page.goto(loginPath({ scope: 'organizer' }));
    await signInWithPassword(page, demoUsers.organizer);
    await waitForPath(page, pathUnder(PATHS.organizer));
    await page.getByTestId('organizer-layout').waitFor();
    expect(await viewerTypename(page)).toBe('Ouser');

    // The header's user menu → log out (/logout ends the session, then leaves for the show's website; the demo's
    // https://www.example.com/ is no real site, so the portal's sign-in page instead).
    await page.getByTestId('user-menu').click();
    await clickWhenOpened(page.getByTestId('logout-menu-item'));
    await waitForPath(page, exactPath(PATHS.login));
    await expectHeading(page, uiText('zh-CN', 'auth:title'));
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    expect(await viewerTypename(page)).toBeNull();

    await page.goto(`${baseUrl}/wo/`);
    await waitForPath(page, exactPath(PATHS.login));
    expect(new URL(page.url()).searchParams.get('scope')).toBe('organizer');
    await expectHeading(page, uiText('zh-CN', 'auth:title'));
    expect(problems).toEqual([]);
  });
});

describeE2E('sign-in with a verification code', () => {
  const browser = useBrowser();

  it('the visitor asks for a code, reads it from the outbox and signs in with it', async () => {
    const { page, problems } = await browser.open({ locale: 'zh-CN' });
    const visitor = demoUsers.visitor;
    await page.goto(loginPath({ scope: 'audience' }));
    await page.getByTestId('login-tab-code').click();
    await page.getByTestId('login-identity').fill(visitor.identity);
    await checkPage(page, 'login-code-zh-CN');

    const requestedAt = new Date();
    await solveCaptcha(page);
    await page.getByTestId('login-send-code').click();
    const code = await waitForVerificationCode(visitor.identity, requestedAt);
    // The send button counts down before another code may be asked for.
    await expect.poll(() => page.getByTestId('login-send-code').isDisabled()).toBe(true);

    await page.getByTestId('login-code').fill(code);
    await solveCaptcha(page);
    await page.getByTestId('login-submit').click();
    await waitForPath(page, visitor.landing);
    await expectLanding(page, visitor, 'zh-CN');
    expect(await viewerTypename(page)).toBe('User');
    expect(problems).toEqual([]);
  });
});

describeE2E('visitor pages for other accounts', () => {
  const browser = useBrowser();
  const cases = [
    { user: demoUsers.organizer, locale: 'en-US' as Locale },
    { user: demoUsers.exhibitor, locale: 'zh-CN' as Locale },
  ];

  for (const { user, locale } of cases) {
    it(`a signed-in ${user.kind} who opens the visitor application is told it is for visitors (${locale})`, async () => {
      const { page, problems } = await browser.open({ locale });
      await page.goto(loginPath({ scope: user.scope }));
      await waitForLanguage(page, locale);
      await signInWithPassword(page, user);
      await waitForPath(page, user.landing);

      // SPEC 2 sends anyone but a visitor to the registration, which says so instead of showing its form.
      await page.goto(PATHS.visitorApplication);
      await waitForPath(page, exactPath(PATHS.visitorRegister));
      await waitForLanguage(page, locale);
      const notice = page.getByTestId('visitors-only');
      await notice.waitFor();
      expect(await notice.getAttribute('data-scope')).toBe(user.scope);
      await expectHeading(page, uiText(locale, 'common:visitorsOnly.title'));
      expect(await page.getByTestId('register-page').count()).toBe(0);
      await checkPage(page, `visitors-only-${user.kind}-${locale}`);

      // The way to their own area…
      await page.getByTestId('visitors-only-area').click();
      await waitForPath(page, user.landing);

      // …or out, staying on the registration.
      await page.goto(PATHS.visitorRegister);
      await page.getByTestId('visitors-only-sign-out').click();
      await page.getByTestId('register-page').waitFor();
      expect(await viewerTypename(page)).toBeNull();
      expect(problems).toEqual([]);
    });
  }
});
