import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { shanghaiDate } from '@portal/shared/dates';
import { mainlandIdCheckCharacter } from '@portal/shared/application/id-number';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { signedInClient, uploadPicture } from '../../test/submissions';
import { activationCodes, audiences, auditLog, notices, visitorGroupMembers } from '../../db/schema/index';
import { GROUP_IMPORT_PATH } from './visitor-group.routes';

const CREATE = `mutation ($input: CreateVisitorGroupInput!) { createVisitorGroup(input: $input) { id name memberLimit codeBatch agentMobileMasked members } }`;
const GROUP = `query ($id: ID!) { visitorGroup(id: $id) { id members joined submitted waiting approved memberList { id name mobileMasked idNumberMasked state applicationId } } }`;
const MINE = `{ myVisitorGroups { id name } }`;
const MEMBERSHIP = `{ myGroupMembership { groupName joined activationCode } }`;
const CONFIRM = `mutation ($input: ConfirmGroupMembershipInput!) { confirmGroupMembership(input: $input) { groupName joined activationCode } }`;
const SUBMIT = `mutation ($input: SubmitApplicationInput!) { submitApplication(input: $input) { id approveStatus } }`;
const APPROVE = `mutation ($groupId: ID!) { approveVisitorGroup(groupId: $groupId) }`;
const LIMIT = `mutation ($groupId: ID!, $memberLimit: Int!) { setVisitorGroupLimit(groupId: $groupId, memberLimit: $memberLimit) { memberLimit } }`;
const REMOVE = `mutation ($memberId: ID!) { removeGroupMember(memberId: $memberId) }`;
const AGAIN = `mutation ($memberId: ID!) { inviteGroupMemberAgain(memberId: $memberId) }`;
const LIST = `query ($filter: AudienceFilter) { audiences(filter: $filter) { total nodes { id } } }`;

type Report = { rows: number; good: number; bad: number; imported: number; issues: Array<{ row: number; column: string; problem: string }> };
type Member = { id: string; name: string; mobileMasked: string; idNumberMasked: string; state: string; applicationId: string | null };

let serial = 0;
function mainlandId() {
  serial += 1;
  const first17 = `33010619850101${String(serial).padStart(3, '0')}`;
  return first17 + mainlandIdCheckCharacter(first17);
}

/**
 * Group registration by an agent (docs/decisions/0210-group-registration.md): the organizer's group and limit, the
 * agent's import, each member's own confirmation and application, the group's review, and the limit under a race.
 */
describe('group registration by an agent', () => {
  let app: TestApp;
  let organizer: TestClient;
  const today = shanghaiDate(new Date());

  beforeAll(async () => {
    app = await createTestApp();
    await app.portal.app.services.show.upsertShowDay({ day: today, capacity: 100, deadline: new Date(Date.now() + 3600_000) });
    organizer = (await signedInClient(app, 'organizer', ['ROLE_AUDIENCE'])).client;
  }, 60_000);
  afterAll(() => app.close());

  async function createGroup(agentMobile: string, memberLimit: number) {
    const { body } = await organizer.graphql<{ createVisitorGroup: { id: string; codeBatch: string; agentMobileMasked: string } }>(CREATE, { input: { name: `旅行社 ${serial}`, agentMobile, memberLimit } });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.createVisitorGroup;
  }

  async function importCsv(client: TestClient, groupId: string, csv: string, mode = 'GOOD_ROWS_ONLY') {
    const response = await client.fetch(`${GROUP_IMPORT_PATH}?groupId=${groupId}&mode=${mode}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; code?: string; report?: Report });
    return lines[lines.length - 1];
  }

  async function members(client: TestClient, id: string) {
    const { body } = await client.graphql<{ visitorGroup: { members: number; joined: number; submitted: number; waiting: number; approved: number; memberList: Member[] } }>(GROUP, { id });
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    return body.data.visitorGroup;
  }

  /** A visitor signed in with their own mobile (the member's, or anyone's). */
  async function visitor() {
    const { client, account } = await signedInClient(app, 'audience');
    return { client, mobile: account.mobile ?? '' };
  }

  async function submit(client: TestClient, mobile: string, idNumber: string, activationCode: string) {
    const entry = (await uploadPicture(client, 'ENTRY_CARD', undefined, { counterCheck: true })).id;
    const id = (await uploadPicture(client, 'ID_CARD', undefined, { counterCheck: true })).id;
    const input = { name: '团员甲', mobile, email: `member${serial}@example.com`, idType: 'MAINLAND_ID', idNumber, entryPhotoId: entry, idPhotoId: id, visitDates: [today], activationCode, truthConfirmed: true, sensitiveConsent: true, counterCheck: true };
    return client.graphql<{ submitApplication: { id: string; approveStatus: string } }>(SUBMIT, { input });
  }

  it('only organizers of the audience section create groups; a limit outside 1–500 is refused', async () => {
    const agent = await visitor();
    for (const [scope, roles] of [
      ['audience', []],
      ['organizer', ['ROLE_EXHIBITOR']],
    ] as const) {
      const { client } = await signedInClient(app, scope, [...roles]);
      const { body } = await client.graphql(CREATE, { input: { name: 'x', agentMobile: agent.mobile, memberLimit: 5 } });
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const { body } = await organizer.graphql(CREATE, { input: { name: 'x', agentMobile: agent.mobile, memberLimit: 501 } });
    expect(body.errors?.[0]?.extensions?.code).toBe('GROUP_LIMIT_INVALID');
  });

  it('the agent imports members within the limit; each member confirms their own ID and applies; the organizer approves the group', async () => {
    const agent = await visitor();
    const group = await createGroup(agent.mobile, 3);
    expect(group.agentMobileMasked).toMatch(/\*{4}\d{4}$/);
    expect((await agent.client.graphql<{ myVisitorGroups: Array<{ id: string }> }>(MINE)).body.data?.myVisitorGroups.map((row) => row.id)).toEqual([group.id]);

    const [alice, bob, carol] = [await visitor(), await visitor(), await visitor()];
    const ids = [mainlandId(), mainlandId(), mainlandId(), mainlandId()];
    const csv = [
      '姓名,手机号,证件类型,证件号码,邮箱',
      `团员甲,${alice?.mobile},身份证,${ids[0]},`,
      `团员乙,${bob?.mobile},MAINLAND_ID,${ids[1]},bob${serial}@example.com`,
      `团员乙重复,${bob?.mobile},身份证,${ids[2]},`,
      `号码有误,13800000000,身份证,110101199001011234,`,
      `团员丙,${carol?.mobile},身份证,${ids[2]},`,
      `团员丁,137${String(randomInt(1e8)).padStart(8, '0')},身份证,${ids[3]},`,
    ].join('\n');
    // Someone else cannot import into the agent's group, nor see it.
    const stranger = await visitor();
    expect(await importCsv(stranger.client, group.id, csv)).toMatchObject({ code: 'GROUP_NOT_FOUND' });
    expect((await stranger.client.graphql(GROUP, { id: group.id })).body.errors?.[0]?.extensions?.code).toBe('GROUP_NOT_FOUND');

    const result = await importCsv(agent.client, group.id, csv);
    expect(result?.report).toMatchObject({ rows: 6, imported: 3 });
    expect(result?.report?.issues.map((issue) => [issue.row, issue.problem])).toEqual([
      [4, 'DUPLICATE_IN_FILE'],
      [5, 'ID_NUMBER'],
      [7, 'GROUP_FULL'],
    ]);
    const listed = await members(agent.client, group.id);
    expect(listed.memberList.map((member) => member.state)).toEqual(['INVITED', 'INVITED', 'INVITED']);
    expect(listed.memberList[0]?.idNumberMasked).toBe(`****${ids[0]?.slice(-4)}`);
    expect(listed.memberList[0]?.mobileMasked).not.toContain(alice?.mobile.slice(-8, -4));
    // One code per member in the group's batch, and an invitation by SMS (and email where given) for each.
    const db = app.portal.database.db;
    expect(await db.select().from(activationCodes).where(eq(activationCodes.batch, group.codeBatch))).toHaveLength(3);
    const invitations = await db.select().from(notices).where(like(notices.dedupeKey, 'group-invite:%'));
    const ownInvitations = invitations.filter((notice) => listed.memberList.some((member) => notice.dedupeKey.startsWith(`group-invite:${member.id}:`)));
    expect(ownInvitations).toHaveLength(4);
    // The agent was told by SMS where to import, when the group was made.
    expect((await db.select().from(notices).where(like(notices.dedupeKey, `group-agent:${group.id}:%`))).map((notice) => notice.dedupeKey)).toEqual([`group-agent:${group.id}:sms`]);

    // The agent cannot confirm for a member: the confirmation is the signed-in member's own mobile.
    expect((await agent.client.graphql(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber: ids[0] } })).body.errors?.[0]?.extensions?.code).toBe('GROUP_NOT_INVITED');

    // Alice types a wrong number first, then hers.
    if (!alice || !bob || !carol) throw new Error('members');
    expect((await alice.client.graphql(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber: ids[1] } })).body.errors?.[0]?.extensions?.code).toBe('GROUP_ID_NUMBER_MISMATCH');
    const joined = (await alice.client.graphql<{ confirmGroupMembership: { joined: boolean; activationCode: string } }>(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber: ids[0] } })).body.data?.confirmGroupMembership;
    expect(joined).toMatchObject({ joined: true });
    expect((await alice.client.graphql<{ myGroupMembership: { activationCode: string } }>(MEMBERSHIP)).body.data?.myGroupMembership.activationCode).toBe(joined?.activationCode);

    // Applying as someone else is refused; with her own ID the group's code is bound whatever the form sent.
    expect((await submit(alice.client, alice.mobile, ids[1] ?? '', 'ANYTHING')).body.errors?.[0]?.extensions?.code).toBe('GROUP_ID_NUMBER_MISMATCH');
    const submitted = (await submit(alice.client, alice.mobile, ids[0] ?? '', 'ANYTHING')).body.data?.submitApplication;
    expect(submitted?.approveStatus).toBe('WAIT');
    const [row] = await db.select().from(audiences).where(eq(audiences.id, submitted?.id ?? ''));
    expect(row?.groupId).toBe(group.id);
    const [code] = await db.select().from(activationCodes).where(eq(activationCodes.id, row?.activationCodeId ?? ''));
    expect(code).toMatchObject({ code: joined?.activationCode, status: 'BOUND', batch: group.codeBatch });

    // Bob joins but has not applied: the organizer's "approve the group" takes only what waits for review.
    await bob.client.graphql(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber: ids[1] } });
    expect((await members(organizer, group.id)).memberList.map((member) => member.state)).toEqual(['WAIT', 'JOINED', 'INVITED']);
    const { body: filtered } = await organizer.graphql<{ audiences: { total: number; nodes: Array<{ id: string }> } }>(LIST, { filter: { groupId: group.id } });
    expect(filtered.data?.audiences).toMatchObject({ total: 1, nodes: [{ id: submitted?.id }] });
    expect((await agent.client.graphql(APPROVE, { groupId: group.id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await organizer.graphql<{ approveVisitorGroup: number }>(APPROVE, { groupId: group.id })).body.data?.approveVisitorGroup).toBe(1);
    expect(await members(agent.client, group.id)).toMatchObject({ members: 3, joined: 2, submitted: 1, waiting: 0, approved: 1 });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.subjectType, 'audience'), eq(auditLog.subjectId, submitted?.id ?? '')));
    expect(audit.map((entry) => entry.action)).toContain('audience.approve');

    // An applied member stays; Carol, who never confirmed, is taken out and her code voided. The limit cannot go below the members.
    const [aliceMember, , carolMember] = (await members(agent.client, group.id)).memberList;
    expect((await agent.client.graphql(REMOVE, { memberId: aliceMember?.id })).body.errors?.[0]?.extensions?.code).toBe('GROUP_MEMBER_APPLIED');
    expect((await organizer.graphql(LIMIT, { groupId: group.id, memberLimit: 2 })).body.errors?.[0]?.extensions?.code).toBe('GROUP_LIMIT_BELOW_MEMBERS');
    expect((await agent.client.graphql(REMOVE, { memberId: carolMember?.id })).body.data).toEqual({ removeGroupMember: true });
    expect((await db.select().from(activationCodes).where(and(eq(activationCodes.batch, group.codeBatch), eq(activationCodes.status, 'VOID'))))).toHaveLength(1);
    expect((await organizer.graphql<{ setVisitorGroupLimit: { memberLimit: number } }>(LIMIT, { groupId: group.id, memberLimit: 2 })).body.data?.setVisitorGroupLimit.memberLimit).toBe(2);
  });

  it('five wrong ID numbers lock the confirmation until the agent invites the member again', async () => {
    const agent = await visitor();
    const group = await createGroup(agent.mobile, 2);
    const member = await visitor();
    const idNumber = mainlandId();
    expect((await importCsv(agent.client, group.id, `团员戊,${member.mobile},身份证,${idNumber},`))?.report).toMatchObject({ imported: 1 });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await member.client.graphql(CONFIRM, { input: { idType: 'PASSPORT', idNumber: 'E12345678' } })).body.errors?.[0]?.extensions?.code).toBe('GROUP_ID_NUMBER_MISMATCH');
    }
    expect((await member.client.graphql(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber } })).body.errors?.[0]?.extensions?.code).toBe('GROUP_JOIN_LOCKED');
    const [entry] = (await members(agent.client, group.id)).memberList;
    expect((await agent.client.graphql(AGAIN, { memberId: entry?.id })).body.data).toEqual({ inviteGroupMemberAgain: true });
    expect((await member.client.graphql<{ confirmGroupMembership: { joined: boolean } }>(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber } })).body.data?.confirmGroupMembership.joined).toBe(true);
  });

  it("erasing an applicant's personal data takes the agent's entry about them with it", async () => {
    const agent = await visitor();
    const group = await createGroup(agent.mobile, 2);
    const member = await visitor();
    const idNumber = mainlandId();
    await importCsv(agent.client, group.id, `团员己,${member.mobile},身份证,${idNumber},`);
    await member.client.graphql(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber } });
    const submitted = (await submit(member.client, member.mobile, idNumber, 'X')).body.data?.submitApplication;
    expect(submitted?.approveStatus).toBe('WAIT');
    const eraser = (await signedInClient(app, 'organizer', ['ROLE_SUPER_ADMIN'])).client;
    const { body } = await eraser.graphql<{ erasePersonalData: number }>(`mutation ($ids: [ID!]!) { erasePersonalData(ids: $ids, confirmation: "1") }`, { ids: [submitted?.id] });
    expect(body.data?.erasePersonalData).toBe(1);
    expect(await app.portal.database.db.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.groupId, group.id))).toEqual([]);
  });

  it('deleting a group erases its member list, voids the codes never used and leaves the applications', async () => {
    const agent = await visitor();
    const group = await createGroup(agent.mobile, 3);
    const [applicant, idle] = [await visitor(), await visitor()];
    const idNumber = mainlandId();
    await importCsv(agent.client, group.id, [`团员庚,${applicant.mobile},身份证,${idNumber},`, `团员辛,${idle.mobile},身份证,${mainlandId()},`].join('\n'));
    await applicant.client.graphql(CONFIRM, { input: { idType: 'MAINLAND_ID', idNumber } });
    const submitted = (await submit(applicant.client, applicant.mobile, idNumber, 'X')).body.data?.submitApplication;
    expect((await agent.client.graphql(`mutation ($groupId: ID!) { deleteVisitorGroup(groupId: $groupId) }`, { groupId: group.id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await organizer.graphql(`mutation ($groupId: ID!) { deleteVisitorGroup(groupId: $groupId) }`, { groupId: group.id })).body.data).toEqual({ deleteVisitorGroup: true });

    const db = app.portal.database.db;
    expect(await db.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.groupId, group.id))).toEqual([]);
    expect((await db.select({ status: activationCodes.status }).from(activationCodes).where(eq(activationCodes.batch, group.codeBatch))).map((code) => code.status).sort()).toEqual(['BOUND', 'VOID']);
    const [application] = await db.select().from(audiences).where(eq(audiences.id, submitted?.id ?? ''));
    expect(application).toMatchObject({ approveStatus: 'WAIT', groupId: null });
    expect((await agent.client.graphql<{ myVisitorGroups: unknown[] }>(MINE)).body.data?.myVisitorGroups).toEqual([]);
    expect((await db.select().from(auditLog).where(and(eq(auditLog.action, 'visitor_group.delete'), eq(auditLog.subjectId, group.id))))).toHaveLength(1);
  });

  it('two imports racing into one group never pass its limit', async () => {
    const agent = await visitor();
    const group = await createGroup(agent.mobile, 4);
    const names = ['张三', '李四', '王五', '赵六', '孙七', '周八'];
    const rows = (from: number) => names.slice(from, from + 3).map((name) => `${name},136${String(randomInt(1e8)).padStart(8, '0')},身份证,${mainlandId()},`).join('\n');
    const [first, second] = await Promise.all([importCsv(agent.client, group.id, rows(0)), importCsv(organizer, group.id, rows(3))]);
    expect((first?.report?.imported ?? 0) + (second?.report?.imported ?? 0)).toBe(4);
    const full = [...(first?.report?.issues ?? []), ...(second?.report?.issues ?? [])].filter((issue) => issue.problem === 'GROUP_FULL');
    expect(full).toHaveLength(2);
    expect(await app.portal.database.db.select().from(visitorGroupMembers).where(eq(visitorGroupMembers.groupId, group.id))).toHaveLength(4);
  });
});
