// The waiting room (docs/decisions/0807-admission-control.md): on a server of its own with one slot for the costly
// operations and no queue (ADMISSION_IN_FLIGHT=1, ADMISSION_QUEUE=0), the demo visitor fills the application
// form; while other uploads keep the one slot busy, the submit is refused with SERVER_BUSY and the page shows the
// waiting room — place and wait, in both languages, on a desktop and a phone width, axe-checked and photographed
// (e2e/artifacts/waiting-room-*.png) — with the form as it was; once the rush ends, the page sends it again by
// itself and the application arrives.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, type CookieJar } from './support/api-session';
import { describeE2E, unlessPageFails, useBrowser, type Locale } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { facePicture, picturesDir, writeFacePicture } from './support/pictures';
import { demoUsers, waitForPath } from './support/portal';
import { repoRoot, startServer, type RunningServer } from './support/server-process';
import { uiText } from './support/texts';
import { mainlandId, otherLocale, readSeedFacts, switchLanguage, uploadPhoto, visitorPaths } from './support/visitor-journey';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshotsDir } from './support/screenshots';

const UPLOAD = 'mutation ($file: Upload!, $purpose: PhotoPurpose!) { uploadPhoto(file: $file, purpose: $purpose) { id } }';
const NAME = '排队访客';

/**
 * Uploads a badge photo (a face: the costly check) again and again, as a rush of others would, from `loops` clients
 * at once, until stopped: a refused one is sent again at once, so that the one slot is never free for long.
 */
function rushOfUploads(origin: string, jar: CookieJar, picture: Buffer, loops: number) {
  let running = true;
  let answered = 0;
  const upload = async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: UPLOAD, variables: { file: null, purpose: 'BADGE' } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'rush.jpg');
    const response = await fetch(`${origin}/apis/core/graphql`, { method: 'POST', headers: { 'x-portal-client': 'web', cookie: jar.header() }, body: form });
    await response.arrayBuffer();
    answered += 1;
  };
  const done = Promise.all(
    Array.from({ length: loops }, async () => {
      while (running) await upload();
    }),
  );
  return {
    answered: () => answered,
    async stop() {
      running = false;
      await done;
    },
  };
}

describeE2E('the waiting room', () => {
  const { open } = useBrowser();
  let server: RunningServer;
  let photosDir: string;

  beforeAll(async () => {
    const distDir = process.env.E2E_WEB_DIST_DIR ? resolve(process.env.E2E_WEB_DIST_DIR) : join(repoRoot, 'web', 'dist');
    server = await startServer({
      logFile: join(repoRoot, 'e2e', 'artifacts', 'waiting-room-server.log'),
      env: { WEB_DIST_DIR: distDir, ADMISSION_IN_FLIGHT: '1', ADMISSION_QUEUE: '0' },
    });
    photosDir = picturesDir();
  });
  afterAll(async () => {
    await server?.stop();
    if (photosDir) rmSync(photosDir, { recursive: true, force: true });
  });

  it('keeps the form, shows the place and the wait while the portal is busy, and sends the application by itself', async () => {
    const locale: Locale = 'zh-CN';
    const seed = readSeedFacts(server.logFile, server.baseUrl);
    const [firstDay] = seed.showDays;
    const { page } = await open({ locale, device: 'desktop', origin: server.baseUrl });
    await signInDirect(page, demoUsers.visitor, locale);
    await page.getByTestId('application-page').waitFor();

    // The form, filled as in the visitor journey (the photos go up before the rush).
    await page.getByTestId('application-name').fill(NAME);
    await page.getByTestId('application-email').fill('queue.visitor@example.com');
    await page.getByRole('combobox', { name: uiText(locale, 'application:fields.idType'), exact: true }).selectOption({ label: uiText(locale, 'application:idTypes.MAINLAND_ID') });
    await page.getByTestId('application-id-number').fill(mainlandId('11010119880305123'));
    await uploadPhoto(page, 'ENTRY_CARD', await writeFacePicture(photosDir, 'entry', 2));
    await uploadPhoto(page, 'ID_CARD', await writeFacePicture(photosDir, 'id', 2, 0.25));
    await page.getByTestId(`application-visit-date-${firstDay}`).check();
    await page.getByTestId('application-activation-code').fill(seed.codes[0] ?? '');
    await page.getByTestId('application-consent').check();
    await page.getByTestId('application-truth').check();

    // Others' uploads hold the one slot; the submit is refused for now and waits in the waiting room.
    // A large picture (21 megapixels, under the 24 allowed) takes the slot for a second or more each time, and the
    // rush's refused uploads are sent again at once, so the slot is never free for more than a moment.
    const large = await sharp(await facePicture(3)).resize(3960, 5280).jpeg({ quality: 85 }).toBuffer();
    const rush = rushOfUploads(server.baseUrl, await signIn(server.baseUrl, { ...demoUsers.exhibitor, scope: 'exhibitor' }), large, 3);
    // The page's own tries after the first are held in the browser until the room has been checked: a retry that
    // found the slot free between two uploads would otherwise end the wait in the middle of the checks.
    let submits = 0;
    let releaseRetries = () => {};
    const retriesReleased = new Promise<void>((resolve) => (releaseRetries = resolve));
    await page.route('**/apis/core/graphql', async (route) => {
      if (route.request().postData()?.includes('submitApplication') && ++submits > 1) await retriesReleased;
      await route.continue();
    });
    try {
      await expect.poll(rush.answered, { timeout: 60_000 }).toBeGreaterThan(4);
      await page.getByTestId('application-submit').click();
      const room = page.getByTestId('waiting-room');
      await unlessPageFails(page, room.waitFor({ state: 'visible', timeout: 30_000 }));
      expect(await room.getByRole('heading').innerText()).toBe(uiText(locale, 'common:waitingRoom.title'));
      expect(await page.getByTestId('waiting-room-place').innerText()).toBe(uiText(locale, 'common:waitingRoom.place').replace('{{place}}', '1'));
      // Photographed and axe-checked in both languages at a desktop's and a phone's width. The page does not settle
      // while it waits (the submit button spins): the room is photographed as the visitor sees it, from the top.
      for (const [device, size] of [['desktop', { width: 1366, height: 900 }], ['mobile', { width: 390, height: 844 }]] as const) {
        await page.setViewportSize(size);
        for (const shown of [otherLocale(locale), locale]) {
          await switchLanguage(page, shown);
          await unlessPageFails(page, room.getByRole('heading', { name: uiText(shown, 'common:waitingRoom.title'), exact: true }).waitFor());
          await page.evaluate(() => window.scrollTo(0, 0));
          // On a phone it stands at the foot of the screen, not over the form's first card.
          if (device === 'mobile') {
            const box = await room.boundingBox();
            expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(size.height - 40);
          }
          await page.screenshot({ path: join(screenshotsDir, `waiting-room-${device}-${shown}.png`), animations: 'disabled' });
          await expectNoSeriousA11yViolations(page, `waiting room (${device}, ${shown})`);
        }
      }
      // Nothing entered is lost while it waits.
      expect(await page.getByTestId('application-name').inputValue()).toBe(NAME);
      expect(await page.getByTestId('application-activation-code').inputValue()).toBe(seed.codes[0]);
    } finally {
      releaseRetries();
      await rush.stop();
    }

    // The rush is over: the page sends the application again by itself, and it has arrived.
    await waitForPath(page, visitorPaths.info, 60_000);
    await page.getByTestId('info-page').waitFor();
    expect(await page.getByTestId('info-page').getAttribute('data-status')).toBe('WAIT');
    await page.getByTestId('waiting-room').waitFor({ state: 'detached' });
  });
});
