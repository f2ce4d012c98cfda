import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signInDirectly } from '../../test/sessions';
import { showDays } from '../../db/schema/index';

const SETTINGS = `query { projectSettings { version nameZh nameEn showWebsiteUrl audienceRegOpen exhibitorRegOpen audienceUpdateDeadline retentionDays qrPeriodSeconds ticketRules { kind rotating reentry cooldownMinutes } days { day capacity deadline } channels { id nameZh nameEn enabled } } }`;
const SAVE = `mutation ($input: ProjectSettingsInput!) { saveProjectSettings(input: $input) { version } }`;
const PUBLIC = `query { project { setting { audienceRegOpen showWebsiteUrl } showDays { day capacity } } }`;

interface Settings {
  version: number;
  audienceRegOpen: boolean;
  exhibitorRegOpen: boolean;
  audienceUpdateDeadline: string | null;
  retentionDays: number;
  qrPeriodSeconds: number;
  ticketRules: Array<{ kind: string; rotating: boolean; reentry: string; cooldownMinutes: number | null }>;
  days: Array<{ day: string; capacity: number; deadline: string }>;
  channels: Array<{ id: string; nameZh: string; nameEn: string; enabled: boolean }>;
}

function saveInput(current: Settings, changes: Record<string, unknown>) {
  return {
    version: current.version,
    nameZh: '摩托车博览会',
    nameEn: 'Motorcycle Expo',
    showWebsiteUrl: 'https://www.motoexpo.example.cn/',
    audienceRegOpen: current.audienceRegOpen,
    exhibitorRegOpen: current.exhibitorRegOpen,
    audienceUpdateDeadline: current.audienceUpdateDeadline,
    retentionDays: current.retentionDays,
    qrPeriodSeconds: current.qrPeriodSeconds,
    ticketRules: current.ticketRules,
    days: current.days,
    channels: current.channels,
    ...changes,
  };
}

// Two server instances over one PostgreSQL database (and Redis when REDIS_URL is set): a save on one is
// what the other answers at once, and its version check sees the other's saves. PGlite cannot be shared
// by two instances, so this runs where DATABASE_URL is set (CI).
describe.skipIf(!process.env.DATABASE_URL)('project settings across server instances', () => {
  const instances = useTwoInstances();
  beforeAll(async () => {
    await instances.first.portal.database.db.insert(showDays).values({ day: '2030-05-01', capacity: 10, deadline: new Date('2030-05-01T09:00:00+08:00') });
  });

  it('a save on one instance is seen by the other at once, and a stale save there is refused', async () => {
    const { account } = await createAccount(instances.first, 'organizer', { roles: ['ROLE_PROJECT'] });
    const onFirst = instances.first.client();
    await signInDirectly(instances.first, onFirst, account);
    const onSecond = instances.second.client();
    await signInDirectly(instances.second, onSecond, account);

    const opened = (await onSecond.graphql<{ projectSettings: Settings }>(SETTINGS)).body.data?.projectSettings;
    if (!opened) throw new Error('no settings');
    const saved = await onFirst.graphql(SAVE, { input: saveInput(opened, { audienceRegOpen: false, days: [{ day: '2030-05-01', capacity: 25, deadline: '2030-05-01T12:00:00+08:00' }] }) });
    expect(saved.body.errors).toBeUndefined();

    const { body } = await instances.second.client().graphql<{ project: { setting: { audienceRegOpen: boolean; showWebsiteUrl: string }; showDays: Array<{ capacity: number }> } }>(PUBLIC);
    expect(body.data?.project.setting).toEqual({ audienceRegOpen: false, showWebsiteUrl: 'https://www.motoexpo.example.cn/' });
    expect(body.data?.project.showDays).toEqual([{ day: '2030-05-01', capacity: 25 }]);

    const stale = await onSecond.graphql(SAVE, { input: saveInput(opened, { exhibitorRegOpen: false }) });
    expect(stale.body.errors?.[0]?.extensions.code).toBe('PROJECT_SETTINGS_CHANGED');
  });
});
