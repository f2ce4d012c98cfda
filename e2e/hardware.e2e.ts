// Entrance devices: the demo organizer opens /wo/hardware/list (zh-CN and en-US),
// registers a gate, issues its token and copies it from the dialog; the device's heartbeat (sent here
// as the gate would) turns it online in the list without a reload; a revoked token is refused at once.
import { expect, it } from 'vitest';
import { TICKET_KINDS } from '@portal/shared/ticket/ticket.schema';
import { baseUrl, describeE2E, unlessPageFails, useBrowser } from './support/browser';
import { signInDirect } from './support/exhibitor-session';
import { exactPath, PATHS } from './support/paths';
import { checkPage, demoUsers, expectHeading, menuEntry } from './support/portal';
import { uiText } from './support/texts';
import { switchLanguage } from './support/visitor-journey';

const run = Date.now() % 1_000_000;
const gate = { name: `东门 ${run}`, location: '东登录厅 3 号通道' };

function heartbeat(token: string) {
  return fetch(`${baseUrl}/apis/hardware/v1/heartbeat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ clock: new Date(Date.now() + 1_500).toISOString(), feedVersion: 0, queuedScans: 0 }),
  });
}

describeE2E('entrance devices', () => {
  const { open } = useBrowser();

  it('the organizer registers a gate and copies its token; the gate goes online; a revoked token is refused', async () => {
    const { page, context } = await open({ locale: 'zh-CN', device: 'desktop' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signInDirect(page, demoUsers.organizer, 'zh-CN');

    await menuEntry(page, 'zh-CN', 'common:organizer.menu.hardware').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(exactPath(PATHS.organizerHardwareList));
    await unlessPageFails(page, page.getByTestId('device-list-page').waitFor());
    await expectHeading(page, uiText('zh-CN', 'entrance:list.title'));

    // Register: name, place, kind (gate by default), every day, every ticket kind (imported tickets too) preselected.
    await page.getByTestId('device-register').click();
    await unlessPageFails(page, page.getByTestId('device-form-name').waitFor({ state: 'visible' }));
    await page.getByTestId('device-form-name').fill(gate.name);
    await page.getByTestId('device-form-location').fill(gate.location);
    await checkPage(page, 'hardware-01-register-zh-CN');
    await page.getByTestId('device-form-submit').click();
    const row = page.locator('tr[data-testid^="device-row-"]', { hasText: gate.name });
    await unlessPageFails(page, row.waitFor({ state: 'visible' }));
    expect(await row.getByTestId('device-state').innerText()).toBe(uiText('zh-CN', 'entrance:state.offline'));
    const rowText = await row.innerText();
    for (const kind of TICKET_KINDS) expect(rowText).toContain(uiText('zh-CN', `entrance:ticketKinds.${kind}`));

    // Issue the token: shown once, copied with the button.
    await row.getByTestId('device-issue-token').click();
    const tokenValue = page.getByTestId('device-token-value');
    await unlessPageFails(page, tokenValue.waitFor({ state: 'visible' }));
    const token = (await tokenValue.innerText()).trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await tokenValue.getByRole('button', { name: uiText('zh-CN', 'entrance:token.copy'), exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await checkPage(page, 'hardware-02-token-zh-CN');
    await page.getByTestId('device-token-close').click();
    await tokenValue.waitFor({ state: 'detached' });

    // The gate's heartbeat: the list shows it online within its 15-second refresh.
    expect((await heartbeat(token)).status).toBe(200);
    await expect.poll(() => row.getByTestId('device-state').innerText(), { timeout: 25_000, interval: 1_000 }).toBe(uiText('zh-CN', 'entrance:state.online'));
    expect(await row.getByTestId('device-clock-offset').innerText()).toMatch(/^快 1\.\d 秒$/);
    await checkPage(page, 'hardware-03-online-zh-CN');
    await switchLanguage(page, 'en-US');
    await expectHeading(page, uiText('en-US', 'entrance:list.title'));
    await expect.poll(() => row.getByTestId('device-state').innerText()).toBe(uiText('en-US', 'entrance:state.online'));
    await checkPage(page, 'hardware-04-online-en-US');

    // Revoke, confirmed: the device is refused at once.
    await row.getByTestId('device-revoke-token').click();
    await page.getByTestId('device-revoke-confirm').click();
    await expect.poll(() => row.getByTestId('device-token-state').innerText()).toBe(uiText('en-US', 'entrance:token.none'));
    const refused = await heartbeat(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('DEVICE_TOKEN_INVALID');
    await checkPage(page, 'hardware-05-revoked-en-US');
  });
});
