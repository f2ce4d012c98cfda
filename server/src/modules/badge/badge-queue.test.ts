import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { badgeFilterToSearch } from '@portal/shared/badge/badge.schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { signInDirectly } from '../../test/sessions';
import { bestFace, cropAroundFace, demoSample } from '../face/face-test-pictures';

// The organizer's badge queue as the web page asks for it (/wo/exhibitor/application/list):
// the company id on every row, the keyword, the created range, paging to the last page, the roles, and the
// export links the page builds from the same filter.

const SAVE = `mutation ($input: BadgeInput!) { saveBadge(input: $input) { id } }`;
const QUEUE = `query ($filter: BadgeFilter, $page: Int, $pageSize: Int) { badges(filter: $filter, page: $page, pageSize: $pageSize) { total page nodes { id exhibitorId namePinyin idNumberMasked submittedAt: createDate } } }`;
const APPROVE = `mutation ($ids: [ID!]!) { approveBadges(ids: $ids) { id status } }`;

type Queue = { badges: { total: number; page: number; nodes: Array<{ id: string; exhibitorId: string; namePinyin: string; idNumberMasked: string; submittedAt: string }> } };

describe('the organizer badge queue', () => {
  let app: TestApp;
  let reviewer: TestClient;
  let companyId: string;
  let otherCompanyId: string;
  const staff: Array<{ id: string; namePinyin: string; phoneNumber: string; idNumber: string }> = [];

  async function applyAll(client: TestClient, face: Buffer, people: Array<{ namePinyin: string; serial: number }>) {
    for (const { namePinyin, serial } of people) {
      const first17 = `44030519900101${String(serial).padStart(3, '0')}`;
      const input = {
        name: '测试',
        namePinyin,
        countryCode: '+86',
        phoneNumber: `1370000${String(serial).padStart(4, '0')}`,
        email: 'staff@example.com',
        idType: 'MAINLAND_ID',
        idNumber: first17 + mainlandIdCheckCharacter(first17),
        country: 'CN',
        deptName: '市场部',
        position: '专员',
        companyNameZh: '测试摩托',
        companyNameEn: 'Test Moto',
        entryPhotoId: (await uploadPicture(client, 'BADGE', face)).id,
        idPhotoId: (await uploadPicture(client, 'BADGE_ID', face)).id,
        truthConfirmed: true,
        sensitiveConsent: true,
      };
      const { body } = await client.graphql<{ saveBadge: { id: string } }>(SAVE, { input });
      if (!body.data) throw new Error(JSON.stringify(body.errors));
      staff.push({ id: body.data.saveBadge.id, namePinyin, phoneNumber: input.phoneNumber, idNumber: input.idNumber });
    }
  }

  beforeAll(async () => {
    app = await createTestApp();
    const sample = demoSample(3);
    const face = await cropAroundFace(sample, bestFace((await app.portal.app.services.faces.analyse(sample)).boxes), 0.3);
    const company = await signedInClient(app, 'exhibitor');
    const other = await signedInClient(app, 'exhibitor');
    companyId = company.account.exhibitorId ?? '';
    otherCompanyId = other.account.exhibitorId ?? '';
    await applyAll(company.client, face, [
      { namePinyin: 'Qian Duoduo', serial: 11 },
      { namePinyin: 'Sun Yue', serial: 12 },
      { namePinyin: 'Li Xiaoqian', serial: 13 },
    ]);
    await applyAll(other.client, face, [{ namePinyin: 'Zhou Qiang', serial: 14 }]);
    reviewer = (await signedInClient(app, 'organizer', ['ROLE_EXHIBITOR'])).client;
  }, 180_000);
  afterAll(() => app.close());

  const queue = async (variables: Record<string, unknown>) => {
    const { body } = await reviewer.graphql<Queue>(QUEUE, variables);
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.badges;
  };

  it('gives each row its company, and filters by company, keyword and created range', async () => {
    const all = await queue({ filter: { exhibitorId: companyId } });
    expect(all.total).toBe(3);
    expect(new Set(all.nodes.map((node) => node.exhibitorId))).toEqual(new Set([companyId]));
    expect((await queue({ filter: { exhibitorId: otherCompanyId } })).nodes.map((node) => node.namePinyin)).toEqual(['Zhou Qiang']);
    // Name or pinyin contains (any case), the exact phone, or the ID number's last four characters.
    expect((await queue({ filter: { keyword: 'qian' } })).nodes.map((node) => node.namePinyin).sort()).toEqual(['Li Xiaoqian', 'Qian Duoduo', 'Zhou Qiang']);
    expect((await queue({ filter: { keyword: staff[1]?.phoneNumber } })).nodes.map((node) => node.id)).toEqual([staff[1]?.id]);
    expect((await queue({ filter: { keyword: staff[2]?.idNumber.slice(-4) } })).nodes.map((node) => node.id)).toEqual([staff[2]?.id]);
    // Lists mask the ID number.
    expect(all.nodes.every((node) => /^\d{6}\*+\w{4}$/.test(node.idNumberMasked))).toBe(true);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect((await queue({ filter: { exhibitorId: companyId, createdFrom: hourAgo, createdTo: inAnHour } })).total).toBe(3);
    expect((await queue({ filter: { exhibitorId: companyId, createdFrom: inAnHour } })).total).toBe(0);
    expect((await queue({ filter: { exhibitorId: companyId, createdTo: hourAgo } })).total).toBe(0);
  });

  it('pages newest first down to the last page', async () => {
    const pages = [await queue({ page: 1, pageSize: 2 }), await queue({ page: 2, pageSize: 2 }), await queue({ page: 3, pageSize: 2 })];
    expect(pages.map((page) => page.total)).toEqual([4, 4, 4]);
    expect(pages.map((page) => page.nodes.length)).toEqual([2, 2, 0]);
    const order = pages.flatMap((page) => page.nodes);
    expect(order.map((node) => node.id)).toEqual([...staff].reverse().map((badge) => badge.id));
    expect(order.map((node) => node.submittedAt)).toEqual([...order.map((node) => node.submittedAt)].sort().reverse());
  });

  it('is for the exhibitor section\'s organizers only', async () => {
    const audienceOrganizer = await signedInClient(app, 'organizer', ['ROLE_AUDIENCE']);
    const { account } = await createAccount(app, 'exhibitor', { exhibitorId: companyId });
    const member = app.client();
    await signInDirectly(app, member, account);
    for (const client of [audienceOrganizer.client, member, app.client()]) {
      const { body } = await client.graphql<Queue>(QUEUE, {});
      expect(['FORBIDDEN', 'UNAUTHORIZED']).toContain(body.errors?.[0]?.extensions.classification);
    }
  });

  it('the export link built from the page\'s filter exports exactly the filtered rows', async () => {
    const [first] = staff;
    if (!first) throw new Error('no badge');
    expect((await reviewer.graphql(APPROVE, { ids: [first.id] })).body.errors).toBeUndefined();
    const search = badgeFilterToSearch({ status: 'PENDING', keyword: 'qian', createdFrom: new Date(Date.now() - 3_600_000) });
    const response = await reviewer.fetch(`/apis/files/exports/badges.xlsx?${search.toString()}`);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    // The header and the two pending "qian" badges (Qian Duoduo was approved above).
    expect(sheet?.rowCount).toBe(3);
    const pinyins = [2, 3].map((row) => String(sheet?.getRow(row).getCell(5).value));
    expect(pinyins.sort()).toEqual(['Li Xiaoqian', 'Zhou Qiang']);
  });
});
