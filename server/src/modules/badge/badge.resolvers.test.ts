import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { loginAs, solveCaptcha } from '../../test/captcha';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';
import { auditLog, badgeStatusHistory, badges, notices, photos, tickets } from '../../db/schema/index';
import { latestCodeSentTo } from '../auth/auth-test-support';
import { noisePicture, uploadPicture } from '../../test/submissions';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import type { Role } from '@portal/shared/auth/scopes';
import { qrCodeDrawingOf, type QrCodeDrawing } from '../../lib/qr-code';
import { FORMULA_TEXTS, NEUTRALISED_TEXTS, sheetTexts } from '../../lib/xlsx-stream.test-support';

const SAVE = `mutation ($id: ID, $input: BadgeInput!) { saveBadge(id: $id, input: $input) { id status rejectReason idNumber idNumberMasked entryPhoto { url } } }`;
const DELETE = `mutation ($id: ID!) { deleteBadge(id: $id) }`;
const OWN_LIST = `query ($filter: BadgeFilter, $page: Int, $pageSize: Int) { ownBadges(filter: $filter, page: $page, pageSize: $pageSize) { total used limit nodes { id status idNumber idNumberMasked } } }`;
const OWN = `query ($id: ID!) { ownBadge(id: $id) { id status idNumber rejectReason statusHistory { fromStatus toStatus reason } } }`;
const QUEUE = `query ($filter: BadgeFilter) { badges(filter: $filter) { total nodes { id status exhibitor { nameZh } } } }`;
const DETAIL = `query ($id: ID!) { badge(id: $id) { id idNumber faceMatchScore entryPhoto { url } idPhoto { url } statusHistory { fromStatus toStatus reason actorName } } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveBadges(ids: $ids) { id status } }`;
const REJECT = `mutation ($ids: [ID!]!, $reason: String!) { rejectBadges(ids: $ids, reason: $reason) { id status rejectReason } }`;
const TICKET = `mutation ($captcha: String!, $idNumber: String!, $phoneNumber: String!) { badgeTicket(captcha: $captcha, idNumber: $idNumber, phoneNumber: $phoneNumber) { token name qr { size path } } }`;

const SEND_PHOTO_CODE = `mutation ($captcha: String!, $idNumber: String!, $phoneNumber: String!) { sendBadgePhotoCode(captcha: $captcha, idNumber: $idNumber, phoneNumber: $phoneNumber) { resendAfterSeconds } }`;
const REPLACE_PHOTO = `mutation ($idNumber: String!, $phoneNumber: String!, $code: String!, $file: Upload!) { replaceBadgePhoto(idNumber: $idNumber, phoneNumber: $phoneNumber, code: $code, file: $file) { id } }`;

type Saved = { saveBadge: { id: string; status: string; rejectReason: string | null; idNumber: string | null; idNumberMasked: string; entryPhoto: { url: string } } };

let serial = 0;
function mainlandId() {
  serial += 1;
  const first17 = `31010419850312${String(serial).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

describe('exhibitor staff badges', () => {
  let app: TestApp;
  let face: Buffer;

  beforeAll(async () => {
    app = await createTestApp();
    const sample = demoSample(2);
    face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
  }, 120_000);
  afterAll(() => app.close());

  async function organizer(roles: Role[]) {
    const { account, password } = await createAccount(app, 'organizer', { roles });
    const client = app.client();
    await loginAs(client, account.email ?? '', password, 'organizer');
    return client;
  }

  /** A signed-in exhibitor with its two photos uploaded. */
  async function exhibitor(credentialLimit = 5) {
    const { account, password } = await createAccount(app, 'exhibitor', { credentialLimit });
    const client = app.client();
    await loginAs(client, account.email ?? '', password, 'exhibitor');
    const [entry, id] = [await uploadPicture(client, 'BADGE', face), await uploadPicture(client, 'BADGE_ID', face)];
    const input = (overrides: Record<string, unknown> = {}) => ({
      name: '张三',
      namePinyin: 'Zhang San',
      countryCode: '+86',
      phoneNumber: `1380000${String(serial).padStart(4, '0')}`,
      email: 'staff@example.com',
      idType: 'MAINLAND_ID',
      idNumber: mainlandId(),
      country: 'CN',
      deptName: '销售部',
      position: '经理',
      companyNameZh: '测试摩托',
      companyNameEn: 'Test Moto',
      entryPhotoId: entry.id,
      idPhotoId: id.id,
      truthConfirmed: true,
      sensitiveConsent: true,
      ...overrides,
    });
    const save = (overrides: Record<string, unknown> = {}, id: string | null = null) => client.graphql<Saved>(SAVE, { id, input: input(overrides) });
    const apply = async (overrides: Record<string, unknown> = {}) => {
      const { body } = await save(overrides);
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      return body.data.saveBadge;
    };
    return { client, account, entry, id, input, save, apply };
  }

  describe('validation, one rule at a time (server alone)', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['empty name', { name: ' ' }, 'BADGE_NAME_INVALID'],
      ['digits in the name', { name: '张3' }, 'BADGE_NAME_INVALID'],
      ['Chinese characters as pinyin', { namePinyin: '张三' }, 'BADGE_NAME_PINYIN_INVALID'],
      ['a country code without +', { countryCode: '86' }, 'BADGE_PHONE_INVALID'],
      ['a mainland number of 10 digits', { phoneNumber: '1380000000' }, 'BADGE_PHONE_INVALID'],
      ['letters in the phone', { countryCode: '+44', phoneNumber: '7700abc' }, 'BADGE_PHONE_INVALID'],
      ['a bad email', { email: 'nobody' }, 'AUTH_INVALID_EMAIL'],
      ['an unknown ID type', { idType: 'LIBRARY_CARD' }, 'VALIDATION_FAILED'],
      ['a wrong GB 11643 check character', { idNumber: '310104198503120010' }, 'BADGE_ID_NUMBER_INVALID'],
      ['a mainland ID born in the future', { idNumber: '31010429990312001X' }, 'BADGE_ID_NUMBER_INVALID'],
      ['a passport with symbols', { idType: 'PASSPORT', idNumber: 'E12#456' }, 'BADGE_ID_NUMBER_INVALID'],
      ['no country', { country: '' }, 'BADGE_COUNTRY_REQUIRED'],
      ['no department', { deptName: '' }, 'BADGE_DEPT_REQUIRED'],
      ['no position', { position: '' }, 'BADGE_POSITION_REQUIRED'],
      ['no Chinese company name', { companyNameZh: '' }, 'BADGE_COMPANY_REQUIRED'],
      ['no English company name', { companyNameEn: '' }, 'BADGE_COMPANY_REQUIRED'],
      ['no entry photo', { entryPhotoId: 'x' }, 'BADGE_ENTRY_PHOTO_REQUIRED'],
      ['no ID photo', { idPhotoId: 'x' }, 'BADGE_ID_PHOTO_REQUIRED'],
      ['the truth not confirmed', { truthConfirmed: false }, 'BADGE_TRUTH_REQUIRED'],
      ['no consent to sensitive data', { sensitiveConsent: false }, 'BADGE_CONSENT_REQUIRED'],
      ['a name too long', { name: '张'.repeat(51) }, 'BADGE_NAME_INVALID'],
    ];
    it.each(cases)('refuses %s', async (_label, overrides, code) => {
      const { save } = await exhibitor();
      const { body } = await save(overrides);
      expect(body.errors?.[0]?.extensions.code ?? 'VALIDATION_FAILED').toBe(code);
    }, 60_000);

    it('refuses photos of the wrong purpose or of another company, and a second badge for the same ID number', async () => {
      const first = await exhibitor();
      const other = await exhibitor();
      expect((await first.save({ entryPhotoId: first.id.id })).body.errors?.[0]?.extensions.code).toBe('BADGE_ENTRY_PHOTO_REQUIRED');
      expect((await first.save({ entryPhotoId: other.entry.id })).body.errors?.[0]?.extensions.code).toBe('BADGE_ENTRY_PHOTO_REQUIRED');
      expect((await first.save({ idPhotoId: other.id.id })).body.errors?.[0]?.extensions.code).toBe('BADGE_ID_PHOTO_REQUIRED');
      const idNumber = mainlandId();
      await first.apply({ idNumber });
      expect((await other.save({ idNumber })).body.errors?.[0]?.extensions.code).toBe('BADGE_ID_NUMBER_TAKEN');
    }, 60_000);

    it('refuses a second badge for the same mobile, also when two companies save it at once', async () => {
      const first = await exhibitor();
      const other = await exhibitor();
      await first.apply({ phoneNumber: '136 2222 4444' });
      expect((await other.save({ phoneNumber: '13622224444' })).body.errors?.[0]?.extensions.code).toBe('BADGE_PHONE_TAKEN');
      // The same digits under another calling code are another phone.
      expect((await other.save({ countryCode: '+852', phoneNumber: '13622224444' })).body.data?.saveBadge.status).toBe('PENDING');
      const raced = await Promise.all([first.save({ phoneNumber: '13622225555' }), other.save({ phoneNumber: '13622225555' })]);
      expect(raced.filter((result) => result.body.data?.saveBadge)).toHaveLength(1);
      expect(raced.map((result) => result.body.errors?.[0]?.extensions.code).filter(Boolean)).toEqual(['BADGE_PHONE_TAKEN']);
      expect((await other.save({ phoneNumber: '13622224444' })).body.errors?.[0]?.message).toBe('A badge has already been applied for with this mobile number');
    }, 60_000);

    it('holds staff to the minimum age of 12 on the first show day, as visitors', async () => {
      const { save } = await exhibitor();
      const firstShowDay = '2030-04-10';
      await app.portal.app.services.show.upsertShowDay({ day: firstShowDay, capacity: 50, deadline: new Date(`${firstShowDay}T09:00:00+08:00`) });
      const born = (date: string) => {
        const digits = `310104${date.replaceAll('-', '')}${String((serial += 1) % 1000).padStart(3, '0')}`;
        return digits + mainlandIdCheckCharacter(digits);
      };
      const young = await save({ idNumber: born('2018-04-11') });
      expect(young.body.errors?.[0]?.extensions).toMatchObject({ code: 'BADGE_TOO_YOUNG', fields: [{ path: 'idNumber', code: 'BADGE_TOO_YOUNG' }] });
      expect((await save({ idNumber: born('2018-04-10') })).body.data?.saveBadge.status).toBe('PENDING');
    }, 60_000);

    it('refuses a visitor and an organizer on the exhibitor operations', async () => {
      const { input } = await exhibitor();
      const { account, password } = await createAccount(app, 'audience');
      const visitor = app.client();
      await loginAs(visitor, account.mobile ?? '', password, 'audience');
      for (const client of [visitor, await organizer(['ROLE_SUPER_ADMIN']), app.client()]) {
        const { body } = await client.graphql(SAVE, { id: null, input: input() });
        expect(['FORBIDDEN', 'UNAUTHORIZED']).toContain(body.errors?.[0]?.extensions.classification);
        expect((await client.graphql(OWN_LIST)).body.errors?.[0]).toBeDefined();
      }
    }, 60_000);
  });

  it('stores the ID number encrypted, shows it to its company and masks it in lists', async () => {
    const company = await exhibitor();
    const idNumber = mainlandId();
    const saved = await company.apply({ idNumber });
    expect(saved).toMatchObject({ status: 'PENDING', idNumber });
    const [row] = await app.portal.app.services.badges.iterate({ exhibitorId: null }).next().then((result) => (result.value ?? []).filter((badge) => badge.id === saved.id));
    expect(row?.idNumber).toBe(idNumber);
    const [stored] = await app.portal.database.db.select({ sealed: sql<string>`id_number_encrypted` }).from(badges).where(eq(badges.id, saved.id));
    const raw = stored?.sealed ?? '';
    expect(raw).not.toContain(idNumber);
    expect(raw).toMatch(/^s1:/);
    const list = (await company.client.graphql<{ ownBadges: { nodes: Array<{ idNumber: string | null; idNumberMasked: string }> } }>(OWN_LIST)).body.data?.ownBadges;
    expect(list?.nodes[0]).toEqual(expect.objectContaining({ idNumber: null, idNumberMasked: `${idNumber.slice(0, 6)}********${idNumber.slice(-4)}` }));
  }, 60_000);

  it('holds the credential limit: at limit − 1, two concurrent submissions let exactly one through', async () => {
    const company = await exhibitor(3);
    await company.apply();
    await company.apply();
    const results = await Promise.all([company.save(), company.save(), company.save()]);
    const passed = results.filter((result) => result.body.data?.saveBadge);
    const refused = results.map((result) => result.body.errors?.[0]?.extensions.code).filter(Boolean);
    expect(passed).toHaveLength(1);
    expect(refused).toEqual(['BADGE_LIMIT_REACHED', 'BADGE_LIMIT_REACHED']);
    const list = (await company.client.graphql<{ ownBadges: { total: number; used: number; limit: number } }>(OWN_LIST)).body.data?.ownBadges;
    expect(list).toMatchObject({ total: 3, used: 3, limit: 3 });
  }, 60_000);

  it('rejected → edited → pending; approved is read-only; only what is not approved is deleted; audited with notices', async () => {
    const company = await exhibitor(2);
    const reviewer = await organizer(['ROLE_EXHIBITOR']);
    const first = await company.apply();
    const second = await company.apply();
    expect((await company.save()).body.errors?.[0]?.extensions.code).toBe('BADGE_LIMIT_REACHED');

    const rejected = await reviewer.graphql<{ rejectBadges: Array<{ status: string; rejectReason: string }> }>(REJECT, { ids: [first.id], reason: '照片模糊' });
    expect(rejected.body.data?.rejectBadges).toEqual([{ id: first.id, status: 'REJECTED', rejectReason: '照片模糊' }].map(({ id: _id, ...rest }) => expect.objectContaining(rest)));
    // A rejected badge frees its place; the exhibitor sees the reason.
    expect((await company.client.graphql<{ ownBadges: { used: number } }>(OWN_LIST)).body.data?.ownBadges.used).toBe(1);
    const own = await company.client.graphql<{ ownBadge: { rejectReason: string } }>(OWN, { id: first.id });
    expect(own.body.data?.ownBadge.rejectReason).toBe('照片模糊');

    const edited = await company.save({ position: '工程师' }, first.id);
    expect(edited.body.data?.saveBadge).toMatchObject({ status: 'PENDING', rejectReason: null });
    const approved = await reviewer.graphql<{ approveBadges: Array<{ status: string }> }>(APPROVE, { ids: [first.id, second.id] });
    expect(approved.body.data?.approveBadges.map((badge) => badge.status)).toEqual(['APPROVED', 'APPROVED']);
    expect((await reviewer.graphql(APPROVE, { ids: [first.id] })).body.errors?.[0]?.extensions.code).toBe('SUBMISSION_NOT_PENDING');

    expect((await company.save({}, first.id)).body.errors?.[0]?.extensions.code).toBe('SUBMISSION_NOT_EDITABLE');
    expect((await company.client.graphql(DELETE, { id: first.id })).body.errors?.[0]?.extensions.code).toBe('SUBMISSION_NOT_EDITABLE');

    const history = await company.client.graphql<{ ownBadge: { statusHistory: Array<{ fromStatus: string | null; toStatus: string }> } }>(OWN, { id: first.id });
    expect(history.body.data?.ownBadge.statusHistory.map((change) => `${change.fromStatus ?? ''}→${change.toStatus}`)).toEqual(['→PENDING', 'PENDING→REJECTED', 'REJECTED→PENDING', 'PENDING→APPROVED']);

    const db = app.portal.database.db;
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'badge'), eq(auditLog.subjectId, first.id)));
    expect(audits.map((row) => row.action).sort()).toEqual(['badge.approve', 'badge.edit', 'badge.reject', 'badge.submit']);
    const sent = await db.select().from(notices);
    expect(sent.filter((notice) => notice.dedupeKey.startsWith(`badge-decision:${first.id}`))).toHaveLength(2);

    // A pending badge may be deleted and frees its place.
    const third = await app.portal.database.db.select().from(badges).where(eq(badges.id, second.id));
    expect(third[0]?.status).toBe('APPROVED');
  }, 60_000);

  it('never lets an exhibitor read or change another company\'s badges, by id or by file URL', async () => {
    const owner = await exhibitor();
    const stranger = await exhibitor();
    const colleague = app.client();
    const { account, password } = await createAccount(app, 'exhibitor', { exhibitorId: owner.account.exhibitorId ?? '' });
    await loginAs(colleague, account.email ?? '', password, 'exhibitor');
    const badge = await owner.apply();

    expect((await stranger.client.graphql<{ ownBadge: unknown }>(OWN, { id: badge.id })).body.data?.ownBadge).toBeNull();
    expect((await stranger.save({}, badge.id)).body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect((await stranger.client.graphql(DELETE, { id: badge.id })).body.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect((await stranger.client.graphql(DETAIL, { id: badge.id })).body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await stranger.client.graphql<{ ownBadges: { total: number } }>(OWN_LIST)).body.data?.ownBadges.total).toBe(0);
    expect((await stranger.client.fetch(badge.entryPhoto.url)).status).toBe(404);
    expect((await stranger.client.fetch(`/apis/files/exports/badges.xlsx?exhibitorId=${owner.account.exhibitorId}`)).status).toBe(200);

    // A colleague of the same company reads the badge and its photos.
    expect((await colleague.graphql<{ ownBadge: { id: string } }>(OWN, { id: badge.id })).body.data?.ownBadge.id).toBe(badge.id);
    expect((await colleague.fetch(badge.entryPhoto.url)).status).toBe(200);
  }, 60_000);

  it('an exhibitor\'s export holds its own company\'s rows only, whatever exhibitorId it asks for', async () => {
    const owner = await exhibitor();
    const stranger = await exhibitor();
    await owner.apply();
    const response = await stranger.client.fetch(`/apis/files/exports/badges.xlsx?exhibitorId=${owner.account.exhibitorId}`);
    expect(response.headers.get('x-total-count')).toBe('0');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets[0]?.rowCount).toBe(1);
  }, 60_000);

  describe('organizer operations need the exhibitor section', () => {
    it.each([
      ['badges', QUEUE, {}],
      ['badge', DETAIL, { id: '00000000-0000-4000-8000-000000000000' }],
      ['approveBadges', APPROVE, { ids: ['00000000-0000-4000-8000-000000000000'] }],
      ['rejectBadges', REJECT, { ids: ['00000000-0000-4000-8000-000000000000'], reason: 'x' }],
    ] as const)('%s', async (_name, query, variables) => {
      for (const roles of [['ROLE_AUDIENCE'], ['ROLE_TICKET', 'ROLE_PROJECT', 'ROLE_HARDWARE']] as Role[][]) {
        const { body } = await (await organizer(roles)).graphql(query, variables);
        expect(body.errors?.[0]?.extensions.classification).toBe('FORBIDDEN');
      }
      const { body } = await app.client().graphql(query, variables);
      expect(body.errors?.[0]?.extensions.classification).toBe('UNAUTHORIZED');
      const allowed = await (await organizer(['ROLE_SUPER_ADMIN'])).graphql(query, variables);
      expect(allowed.body.errors?.[0]?.extensions.classification ?? 'OK').not.toBe('FORBIDDEN');
    }, 60_000);

    it('exports', async () => {
      for (const path of ['/apis/files/exports/badges.xlsx', '/apis/files/exports/badges.zip']) {
        expect((await (await organizer(['ROLE_AUDIENCE'])).fetch(path)).status).toBe(403);
        expect((await app.client().fetch(path)).status).toBe(401);
        expect((await (await organizer(['ROLE_EXHIBITOR'])).fetch(path)).status).toBe(200);
      }
    }, 60_000);
  });

  it('the organizer filters the queue, reads the audited detail with both photos and the face-match score', async () => {
    const company = await exhibitor();
    const reviewer = await organizer(['ROLE_EXHIBITOR']);
    const badge = await company.apply();
    const queue = await reviewer.graphql<{ badges: { total: number; nodes: Array<{ id: string; exhibitor: { nameZh: string } }> } }>(QUEUE, {
      filter: { exhibitorId: company.account.exhibitorId, status: 'PENDING', createdFrom: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(queue.body.data?.badges.nodes.map((node) => node.id)).toEqual([badge.id]);
    const empty = await reviewer.graphql<{ badges: { total: number } }>(QUEUE, { filter: { exhibitorId: company.account.exhibitorId, status: 'APPROVED' } });
    expect(empty.body.data?.badges.total).toBe(0);
    const detail = await reviewer.graphql<{ badge: { idNumber: string; faceMatchScore: number; entryPhoto: { url: string }; idPhoto: { url: string } } }>(DETAIL, { id: badge.id });
    expect(detail.body.data?.badge.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(detail.body.data?.badge.faceMatchScore).toBeGreaterThan(0.9);
    expect((await reviewer.fetch(detail.body.data?.badge.idPhoto.url ?? '')).status).toBe(200);
    const audits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, badge.id), eq(auditLog.action, 'badge.view')));
    expect(audits).toHaveLength(1);
  }, 60_000);

  it('the zip opens and holds exactly the list\'s rows and entry-card photos', async () => {
    const company = await exhibitor();
    const names = ['Li Si', 'Wang Wu', 'Zhao Liu'];
    const saved = [];
    for (const namePinyin of names) saved.push(await company.apply({ namePinyin }));
    const response = await company.client.fetch('/apis/files/exports/badges.zip?status=PENDING&lang=zh-CN');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('x-total-count')).toBe('3');
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const files = Object.keys(zip.files).sort();
    const photos = files.filter((name) => name.startsWith('photos/'));
    expect(photos).toEqual(saved.map((badge, index) => `photos/${(names[index] ?? '').replace(' ', '').toLowerCase()}-${badge.id.slice(0, 8)}.jpg`).sort());
    const xlsxName = files.find((name) => name.endsWith('.xlsx')) ?? '';
    // The sheet inside is named like the zip, in the same language.
    const zipName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '');
    expect(xlsxName).toBe(zipName.replace(/\.zip$/, '.xlsx'));
    expect(xlsxName).toMatch(/^证件/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (zip.file(xlsxName)?.async('arraybuffer') ?? Promise.resolve(new ArrayBuffer(0))));
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4);
    const pinyins = [2, 3, 4].map((row) => String(sheet?.getRow(row).getCell(5).value));
    expect(pinyins.sort()).toEqual([...names].sort());
    const jpeg = await zip.file(photos[0] ?? '')?.async('uint8array');
    expect([jpeg?.[0], jpeg?.[1]]).toEqual([0xff, 0xd8]);
  }, 60_000);

  it('neutralises text that a spreadsheet would run as a formula, in the xlsx and in the zip\'s xlsx', async () => {
    const company = await exhibitor();
    // The form refuses such a name and trims a department's tab: the rows are written as older data could hold them.
    for (const text of FORMULA_TEXTS) {
      const badge = await company.apply();
      await app.portal.database.db.update(badges).set({ name: text, deptName: text, position: text }).where(eq(badges.id, badge.id));
    }
    const xlsx = await company.client.fetch('/apis/files/exports/badges.xlsx');
    const zip = await JSZip.loadAsync(await (await company.client.fetch('/apis/files/exports/badges.zip')).arrayBuffer());
    const zipped = await zip.file(Object.keys(zip.files).find((name) => name.endsWith('.xlsx')) ?? '')?.async('arraybuffer');
    for (const file of [await xlsx.arrayBuffer(), zipped ?? new ArrayBuffer(0)]) {
      const rows = (await sheetTexts(file)).slice(1);
      // name, department, position
      for (const column of [3, 10, 11]) expect(rows.map((row) => row[column]).sort()).toEqual([...NEUTRALISED_TEXTS].sort());
    }
  }, 60_000);

  it('/ticket gives the approved badge\'s QR for its ID number and phone, the same answer otherwise, behind the captcha', async () => {
    const company = await exhibitor();
    const reviewer = await organizer(['ROLE_EXHIBITOR']);
    const idNumber = mainlandId();
    const badge = await company.apply({ idNumber, phoneNumber: '13912345678' });
    const staff = app.client();
    const ask = async (values: { idNumber: string; phoneNumber: string }) => staff.graphql<{ badgeTicket: { token: string; name: string; qr: QrCodeDrawing } }>(TICKET, { captcha: await solveCaptcha(staff), ...values });

    const pending = await ask({ idNumber, phoneNumber: '13912345678' });
    expect(pending.body.errors?.[0]?.extensions.code).toBe('BADGE_TICKET_NOT_FOUND');
    await reviewer.graphql(APPROVE, { ids: [badge.id] });
    const wrongPhone = await ask({ idNumber, phoneNumber: '13900000000' });
    const unknown = await ask({ idNumber: mainlandId(), phoneNumber: '13912345678' });
    expect(wrongPhone.body.errors?.[0]?.message).toBe(unknown.body.errors?.[0]?.message);
    expect(wrongPhone.body.errors?.[0]?.extensions.code).toBe('BADGE_TICKET_NOT_FOUND');

    const found = await ask({ idNumber: idNumber.toLowerCase(), phoneNumber: '139 1234 5678' });
    expect(found.body.data?.badgeTicket.name).toBe('张三');
    const payload = app.portal.app.services.tickets.verify(found.body.data?.badgeTicket.token ?? '');
    expect(payload).toMatchObject({ k: 'B', id: badge.id });
    expect(found.body.data?.badgeTicket.qr).toEqual(qrCodeDrawingOf(found.body.data?.badgeTicket.token ?? ''));

    const noCaptcha = await staff.graphql(TICKET, { captcha: 'x', idNumber, phoneNumber: '13912345678' });
    expect(noCaptcha.body.errors?.[0]?.extensions.code).toBe('AUTH_CAPTCHA_INVALID');
  }, 60_000);

  describe('/ticket photo replacement', () => {
    const phoneNumber = '13912340606';
    const recipient = `+86${phoneNumber}`;
    const staff = () => app.client();
    const sendCode = async (values: { idNumber: string; phoneNumber: string }) => {
      const client = staff();
      return client.graphql<{ sendBadgePhotoCode: { resendAfterSeconds: number } }>(SEND_PHOTO_CODE, { captcha: await solveCaptcha(client), ...values });
    };
    /** The multipart request the page sends (the graphql-multipart-request spec, like uploadPhoto). */
    const replace = async (values: { idNumber: string; phoneNumber: string; code: string }, picture: Buffer) => {
      const form = new FormData();
      form.set('operations', JSON.stringify({ query: REPLACE_PHOTO, variables: { ...values, file: null } }));
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'picture.jpg');
      const response = await staff().fetch('/apis/core/graphql', { method: 'POST', body: form });
      return (await response.json()) as { data?: { replaceBadgePhoto: { id: string } } | null; errors?: Array<{ message: string; extensions: { code: string } }> };
    };
    const stateOf = async (badgeId: string) => {
      const [row] = await app.portal.database.db.select().from(badges).where(eq(badges.id, badgeId));
      return row;
    };

    it('sends a code only to an approved badge\'s own mobile, with one answer for any mismatch', async () => {
      const company = await exhibitor();
      const pending = await company.apply({ phoneNumber: '13912340707' });
      const [pendingRow] = await app.portal.database.db.select().from(badges).where(eq(badges.id, pending.id));
      const unknown = await sendCode({ idNumber: mainlandId(), phoneNumber: '13912340707' });
      const notApproved = await sendCode({ idNumber: pendingRow?.idNumber ?? '', phoneNumber: '13912340707' });
      expect(unknown.body.data).toEqual({ sendBadgePhotoCode: { resendAfterSeconds: 60 } });
      expect(notApproved.body).toEqual(unknown.body);
      expect(await staff().devOutbox('+8613912340707')).toEqual([]);
      const noCaptcha = await staff().graphql(SEND_PHOTO_CODE, { captcha: 'x', idNumber: mainlandId(), phoneNumber });
      expect(noCaptcha.body.errors?.[0]?.extensions.code).toBe('AUTH_CAPTCHA_INVALID');
    }, 60_000);

    it('replaces the photo with the code, once: the badge goes back to PENDING with history and audit, the old photo is gone', async () => {
      const company = await exhibitor();
      const reviewer = await organizer(['ROLE_EXHIBITOR']);
      const idNumber = mainlandId();
      const badge = await company.apply({ idNumber, phoneNumber });
      await reviewer.graphql(APPROVE, { ids: [badge.id] });
      const before = await stateOf(badge.id);

      expect((await sendCode({ idNumber, phoneNumber })).body.data?.sendBadgePhotoCode.resendAfterSeconds).toBe(60);
      const code = await latestCodeSentTo(staff(), recipient);
      const again = await sendCode({ idNumber, phoneNumber });
      expect(again.body.errors?.[0]?.extensions.code).toBe('AUTH_CODE_TOO_SOON');

      // A wrong code and an unknown badge: one answer, nothing changes.
      const wrong = await replace({ idNumber, phoneNumber, code: code === '000000' ? '111111' : '000000' }, face);
      const unknown = await replace({ idNumber: mainlandId(), phoneNumber, code }, face);
      expect(wrong.errors?.[0]?.extensions.code).toBe('TICKET_PHOTO_CODE_INVALID');
      expect(unknown.errors?.[0]).toEqual(wrong.errors?.[0]);
      // The picture is checked like any badge photo (one face), and a refused one does not spend the code.
      const faceless = await replace({ idNumber, phoneNumber, code }, await noisePicture());
      expect(faceless.errors?.[0]?.extensions.code).toMatch(/^FACE_/);
      expect(await stateOf(badge.id)).toEqual(before);

      // Two requests race with the one code: exactly one replaces the photo.
      const raced = await Promise.all([replace({ idNumber, phoneNumber: ` ${recipient} `, code }, face), replace({ idNumber, phoneNumber, code }, face)]);
      expect(raced.map((body) => (body.data ? 'replaced' : body.errors?.[0]?.extensions.code)).sort()).toEqual(['TICKET_PHOTO_CODE_INVALID', 'replaced']);
      const after = await stateOf(badge.id);
      expect(after?.status).toBe('PENDING');
      expect(after?.entryPhotoId).not.toBe(before?.entryPhotoId);
      expect(raced.map((body) => body.data?.replaceBadgePhoto.id).filter(Boolean)).toEqual([after?.entryPhotoId]);
      // The gate's ledger follows: the new photo, and no admission until approved again.
      const [ticket] = await app.portal.database.db.select().from(tickets).where(and(eq(tickets.kind, 'BADGE'), eq(tickets.subjectId, badge.id)));
      expect(ticket).toMatchObject({ holderApproved: false, entryPhotoId: after?.entryPhotoId });
      const oldPhoto = await app.portal.database.db.select().from(photos).where(eq(photos.id, before?.entryPhotoId ?? ''));
      expect(oldPhoto).toEqual([]);
      const [newPhoto] = await app.portal.database.db.select().from(photos).where(eq(photos.id, after?.entryPhotoId ?? ''));
      expect(newPhoto).toMatchObject({ purpose: 'BADGE', ownerId: company.account.id });
      const history = await app.portal.database.db.select().from(badgeStatusHistory).where(eq(badgeStatusHistory.subjectId, badge.id));
      expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([[null, 'PENDING'], ['PENDING', 'APPROVED'], ['APPROVED', 'PENDING']]);
      const audits = await app.portal.database.db.select().from(auditLog).where(and(eq(auditLog.subjectId, badge.id), eq(auditLog.action, 'badge.photo-replace')));
      expect(audits).toHaveLength(1);
      // The company still sees its new photo.
      expect((await company.client.fetch(`/apis/files/photos/${after?.entryPhotoId ?? ''}`)).status).toBe(200);

      // Approved again, the spent code does not open it a second time.
      await reviewer.graphql(APPROVE, { ids: [badge.id] });
      const replay = await replace({ idNumber, phoneNumber, code }, face);
      expect(replay.errors?.[0]?.extensions.code).toBe('TICKET_PHOTO_CODE_INVALID');
      expect((await stateOf(badge.id))?.status).toBe('APPROVED');
    }, 120_000);
  });
});
