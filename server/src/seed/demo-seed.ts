import { sql } from 'drizzle-orm';
import type { Services } from '../services';
import type { Database } from '../db/client';
import { accounts, activationCodes, channels, projectSettings, showDays } from '../db/schema/index';
import { ROLES } from '@portal/shared/auth/scopes';
import { shanghaiDate } from '@portal/shared/dates';
import { getProjectSetting } from '../modules/show/show.repository';
import { insertDemoApplications, newActivationCode } from './demo-applications';
import { storeDemoPictures } from './demo-photos';
import { deadlineOf } from '../modules/show/show-defaults';

export const DEMO_ACCOUNTS = {
  organizer: { identity: 'admin@example.com', password: 'Admin12345' },
  exhibitor: { identity: 'exhibitor@example.com', password: 'Exhibitor12345' },
  /** A second company for trying (and testing) the catalog, banners and products without touching the first one's badges. */
  catalogExhibitor: { identity: 'catalog@example.com', password: 'Catalog12345' },
  audience: { identity: '13800000000', password: 'Visitor12345' },
} as const;

/** How visitors heard of the show (zh / en), in the order the form lists them. */
export const DEMO_CHANNELS = [
  ['官网', 'Official website'],
  ['微信公众号', 'WeChat official account'],
  ['抖音', 'Douyin'],
  ['朋友推荐', 'Friends'],
  ['行业媒体', 'Trade media'],
  ['其他', 'Other'],
] as const;

/** The demo show's names and website (the organizers change them at /wo/project/info). */
export const DEMO_SHOW_IDENTITY = { nameZh: '中国国际摩托车博览会（演示）', nameEn: 'China International Motorcycle Expo (demo)', showWebsiteUrl: 'https://www.example.com/' } as const;

export const DEMO_SHOW = {
  /** The first show day is this many days after today (Beijing time). */
  firstDayOffset: 30,
  dayCount: 4,
  capacity: 5000,
  /** The last day is small and already full, so that the "full" message can be tried. */
  smallDayCapacity: 3,
  /** Registration information may change until 23:59:59 this many days after today. */
  updateDeadlineOffset: 20,
  /** The organizer's account and the printed batch of activation codes are this many days old: older than every application. */
  preparedDaysAgo: 30,
  unusedCodes: 200,
  applications: 60,
} as const;

export interface DemoSeedSummary {
  accounts: string[];
  /** Unused activation codes printed at start-up (`PRINTED_CODES`). */
  sampleCodes: string[];
  showDays: string[];
  smallDay: string;
  updateDeadline: Date;
  applications: number;
  unusedCodes: number;
  milliseconds: number;
}

/** Calendar arithmetic on YYYY-MM-DD (no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Demo data for the embedded default (never in production; DESIGN §2): the three demo accounts, and
 * a show in progress — four days starting a month after today (Beijing time) with 09:00 deadlines, the
 * last one small and full; the update deadline in 20 days; channels; 200 unused activation codes;
 * 60 made-up applications in every state with photos, face-match scores, history and tickets, and no
 * admission yet: the show has not begun (DEMO_GATE_DAY_TODAY opens a gate day for that). The demo visitor
 * (13800000000) has no application, so the whole visitor journey can be tried.
 * Runs only on an empty database; everything but the three accounts is one transaction.
 */
export async function seedDemoData(services: Services, db: Database, now = new Date()): Promise<DemoSeedSummary | undefined> {
  if ((await services.accounts.count()) > 0) return undefined;
  const started = performance.now();
  // The pictures and the password hashes take the time; they run side by side.
  const [pictures, organizer] = await Promise.all([
    storeDemoPictures(services.files, services.faces),
    services.accounts.createAccount({
      scope: 'organizer',
      name: 'Demo Organizer',
      identity: { email: DEMO_ACCOUNTS.organizer.identity },
      password: DEMO_ACCOUNTS.organizer.password,
      roles: ROLES,
    }),
    // Demo passwords are not initial ones, so every journey can sign in with them at once (docs/decisions/0010-seeds.md).
    services.exhibitors.createWithAccount(
      { nameZh: '演示摩托', nameEn: 'Demo Moto', bootNumber: 'A-101', boothArea: 90, boothType: 'RAW_SPACE' },
      { name: '演示摩托 Demo Moto', identity: { email: DEMO_ACCOUNTS.exhibitor.identity }, password: DEMO_ACCOUNTS.exhibitor.password },
    ),
    services.exhibitors.createWithAccount(
      { nameZh: '摩途科技', nameEn: 'Motu Technology', bootNumber: 'A-102', boothArea: 90, boothType: 'RAW_SPACE' },
      { name: '摩途科技 Motu Technology', identity: { email: DEMO_ACCOUNTS.catalogExhibitor.identity }, password: DEMO_ACCOUNTS.catalogExhibitor.password },
    ),
    services.accounts.createAccount({
      scope: 'audience',
      name: 'Demo Visitor',
      identity: { mobile: DEMO_ACCOUNTS.audience.identity },
      password: DEMO_ACCOUNTS.audience.password,
    }),
  ]);

  const today = shanghaiDate(now);
  const days = Array.from({ length: DEMO_SHOW.dayCount }, (_, index) => addDays(today, DEMO_SHOW.firstDayOffset + index));
  const smallDay = days[days.length - 1] ?? today;
  const updateDeadline = new Date(`${addDays(today, DEMO_SHOW.updateDeadlineOffset)}T23:59:59+08:00`);
  const preparedAt = new Date(now.getTime() - DEMO_SHOW.preparedDaysAgo * 86_400_000);
  const unusedCodes = new Set<string>();
  while (unusedCodes.size < DEMO_SHOW.unusedCodes) unusedCodes.add(newActivationCode());

  const { applications } = await db.transaction(async (tx) => {
    await tx.insert(showDays).values(
      days.map((day) => ({ day, capacity: day === smallDay ? DEMO_SHOW.smallDayCapacity : DEMO_SHOW.capacity, deadline: deadlineOf(day) })),
    );
    await getProjectSetting(tx);
    await tx
      .update(projectSettings)
      .set({ ...DEMO_SHOW_IDENTITY, audienceUpdateDeadline: updateDeadline, audienceRegOpen: true, updatedAt: now })
      .where(sql`${projectSettings.id} = 1`);
    const channelRows = await tx
      .insert(channels)
      .values(DEMO_CHANNELS.map(([nameZh, nameEn], index) => ({ nameZh, nameEn, sortOrder: index + 1 })))
      .returning({ id: channels.id });
    await tx.insert(activationCodes).values([...unusedCodes].map((code) => ({ code, batch: 'demo', createdAt: preparedAt })));
    // The organizer who reviewed the seeded applications had an account before the first of them.
    await tx.update(accounts).set({ createdAt: preparedAt, updatedAt: preparedAt }).where(sql`${accounts.id} = ${organizer.id}`);
    return insertDemoApplications(tx, {
      now,
      codesPrintedAt: preparedAt,
      organizerId: organizer.id,
      days,
      smallDay: { day: smallDay, capacity: DEMO_SHOW.smallDayCapacity },
      channelIds: channelRows.map((row) => row.id),
      pictures,
      count: DEMO_SHOW.applications,
      tickets: services.tickets,
    });
  });

  return {
    accounts: [
      `organizer  ${DEMO_ACCOUNTS.organizer.identity} / ${DEMO_ACCOUNTS.organizer.password}  (every role)  → /login?scope=organizer`,
      `exhibitor  ${DEMO_ACCOUNTS.exhibitor.identity} / ${DEMO_ACCOUNTS.exhibitor.password}  (演示摩托 Demo Moto, booth A-101, 10 badges)  → /login?scope=exhibitor`,
      `exhibitor  ${DEMO_ACCOUNTS.catalogExhibitor.identity} / ${DEMO_ACCOUNTS.catalogExhibitor.password}  (摩途科技 Motu Technology, booth A-102: catalog, banners, products)  → /login?scope=exhibitor`,
      `visitor    ${DEMO_ACCOUNTS.audience.identity} / ${DEMO_ACCOUNTS.audience.password}  (no application yet)  → /login?scope=audience`,
    ],
    sampleCodes: [...unusedCodes].slice(0, PRINTED_CODES),
    showDays: days,
    smallDay,
    updateDeadline,
    applications,
    unusedCodes: unusedCodes.size,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** How many unused activation codes the start-up box shows (the rest: `GET /apis/dev/activation-codes`). */
export const PRINTED_CODES = 20;

/**
 * The box main.ts prints once, on the run that created the demo data, after the server listens at
 * `baseUrl`: the accounts, the show, activation codes and where more codes and new verification codes
 * are found. Only a left border, so that Chinese text cannot misalign it.
 */
export function formatDemoSummary(summary: DemoSeedSummary, baseUrl = 'http://localhost:3000'): string {
  const rows: string[][] = [];
  for (let index = 0; index < summary.sampleCodes.length; index += 5) rows.push(summary.sampleCodes.slice(index, index + 5));
  const lines = [
    `Demo accounts (embedded database only; sign in at ${baseUrl}/login):`,
    ...summary.accounts.map((line) => `  ${line}`),
    '',
    `Demo show: ${summary.showDays.join(', ')} (Beijing time; registration for each day closes at 09:00 that day;`,
    `  ${summary.smallDay} has ${DEMO_SHOW.smallDayCapacity} seats and is full). Registration can be changed until ${shanghaiDate(summary.updateDeadline)} 23:59:59.`,
    '',
    `Unused activation codes (${summary.unusedCodes} in all; ${summary.sampleCodes.length} shown, each usable once):`,
    ...rows.map((row) => `  ${row.join('  ')}`),
    `  More unused codes: ${baseUrl}/apis/dev/activation-codes`,
    '',
    'Verification codes (SMS and email) are not sent in development: each one appears only in this log,',
    '  on a line "dev outbox: …" with the mobile or email it was meant for.',
    '',
    `${summary.applications} made-up applications to review at ${baseUrl}/wo/audience/list. Demo data seeded in ${summary.milliseconds} ms.`,
  ];
  const rule = '─'.repeat(78);
  return ['', `╭─ Moto Expo portal: demo data ${rule.slice(31)}`, ...lines.map((line) => (line ? `│ ${line}` : '│')), `╰${rule}`, ''].join('\n');
}
