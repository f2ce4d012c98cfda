import { setImmediate } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import type { TApplicationFields } from '@portal/shared/application/application.schema';
import {
  GROUP_COLUMN_OF_PROBLEM,
  GROUP_IMPORT_COLUMNS,
  MAX_GROUP_MEMBERS,
  MAX_JOIN_ATTEMPTS,
  parseImportedGroupMember,
  type GroupImportRowProblem,
  type GroupMemberState,
  type ImportedGroupMember,
  type TConfirmGroupMembershipInput,
  type TCreateGroupInput,
  type TSetGroupLimitInput,
} from '@portal/shared/visitor-group/visitor-group';
import type { ImportMode } from '@portal/shared/activation-code/activation-code.schema';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { personalDataHash } from '../../lib/personal-data-cipher';
import { IMPORT_PROGRESS_EVERY, ImportIssues, type ImportEvent, type ImportFile, type ImportReport } from '../../lib/spreadsheet-import';
import type { Viewer } from '../../lib/viewer';
import type { AccountService } from '../account/account.service';
import type { ActivationCodeService } from '../activation-code/activation-code.service';
import type { ApplicationService, GroupMembership } from '../application/application.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import { localeOfApplicant } from '../review/review-notifications.service';
import type { ReviewService } from '../review/review.service';
import { requireReviewer } from '../review/review.policy';
import * as repository from './visitor-group.repository';
import type { GroupMemberRow, GroupRow, VisitorGroupMemberModel, VisitorGroupModel } from './visitor-group.models';

/** The pages the agent's and the members' messages open (the web app's routes). */
export const GROUP_AGENT_PATH = '/wa/group';
export const GROUP_JOIN_PATH = '/wa/group/join';

export type GroupImportReport = ImportReport<GroupImportRowProblem>;

/**
 * Group registration by an agent (docs/decisions/0210-group-registration.md). The organizer creates a group for an
 * agent's mobile with a member limit; the agent — an ordinary visitor account signed in with that mobile — imports
 * the members; each member is invited by SMS and email, signs in with their own mobile and confirms their own ID
 * number, then gives their own consents and photos on the ordinary application form, whose submit binds the code
 * the group holds for them. The agent never acts for a member. The member limit holds under concurrency: every
 * change of a group's members takes the group's row first.
 */
export class VisitorGroupService implements GroupMembership {
  constructor(
    private readonly db: Database,
    private readonly accounts: Pick<AccountService, 'findById'>,
    private readonly activationCodes: Pick<ActivationCodeService, 'issue' | 'valueOf' | 'void'>,
    private readonly applications: Pick<ApplicationService, 'ofGroup' | 'accountIdsOf' | 'statusCountsOfGroups'>,
    private readonly review: Pick<ReviewService, 'approve'>,
    private readonly messenger: Pick<Messenger, 'groupInvited' | 'groupAgentNamed'>,
    private readonly outbox: NoticeOutbox,
    private readonly audit: AuditService,
  ) {}

  /** Organizers of the audience section: every group. */
  async list(viewer: Viewer | undefined): Promise<VisitorGroupModel[]> {
    requireReviewer(viewer);
    return this.withCounts(await repository.listGroups(this.db));
  }

  /** The agent: the groups created for the viewer's mobile. */
  async ofAgent(viewer: Viewer | undefined): Promise<VisitorGroupModel[]> {
    const mobile = await this.visitorMobile(viewer);
    return mobile ? this.withCounts(await repository.groupsOfAgent(this.db, mobile)) : [];
  }

  /** A group, for its organizers and its agent. */
  async group(viewer: Viewer | undefined, id: string): Promise<VisitorGroupModel> {
    const group = await this.requireGroupAccess(viewer, id);
    const [model] = await this.withCounts([group]);
    if (!model) throw new AppError('GROUP_NOT_FOUND');
    return model;
  }

  /** A group's members with where each is, for its organizers and its agent. */
  async members(viewer: Viewer | undefined, groupId: string): Promise<VisitorGroupMemberModel[]> {
    await this.requireGroupAccess(viewer, groupId);
    const [members, applications] = await Promise.all([repository.membersOf(this.db, groupId), this.applications.ofGroup(groupId)]);
    const byAccount = new Map(applications.map((application) => [application.accountId, application]));
    return members.map((member) => {
      const application = member.accountId ? byAccount.get(member.accountId) : undefined;
      const state: GroupMemberState = application && application.approveStatus !== 'CREATED' ? application.approveStatus : member.joinedAt ? 'JOINED' : 'INVITED';
      return { ...member, state, applicationId: application?.id ?? null };
    });
  }

  /** A new group; its agent is told by SMS where to import the members. */
  async create(viewer: Viewer | undefined, input: TCreateGroupInput, portalOrigin: string, origin: RequestOrigin) {
    const organizer = requireReviewer(viewer);
    const created = await this.db.transaction(async (tx) => {
      // The batch names the group in the activation-code list and in auto-approval rules.
      const group = await repository.insertGroup(tx, { ...input, codeBatch: `GROUP-${randomBytes(4).toString('hex').toUpperCase()}`, createdById: organizer.id });
      await this.audit.record(origin, { actorId: organizer.id, action: 'visitor_group.create', subjectType: 'visitor_group', subjectId: group.id, detail: { name: group.name, memberLimit: group.memberLimit } }, tx);
      const agent = { email: null, mobile: group.agentMobile };
      const messages = await this.messenger.groupAgentNamed(tx, agent, { group: group.name, limit: group.memberLimit, link: `${portalOrigin}${GROUP_AGENT_PATH}` }, localeOfApplicant(agent));
      await this.outbox.enqueue(tx, messages.map((message) => ({ dedupeKey: `group-agent:${group.id}:${message.kind}`, message })));
      return group;
    });
    void this.outbox.kick();
    return this.group(organizer, created.id);
  }

  /** A new limit, never below the members the group already has. */
  async setLimit(viewer: Viewer | undefined, { groupId, memberLimit }: TSetGroupLimitInput, origin: RequestOrigin) {
    const organizer = requireReviewer(viewer);
    await this.db.transaction(async (tx) => {
      const group = await repository.lockGroup(tx, groupId);
      if (!group) throw new AppError('GROUP_NOT_FOUND');
      if ((await repository.countMembers(tx, groupId)) > memberLimit) throw new AppError('GROUP_LIMIT_BELOW_MEMBERS');
      await repository.setMemberLimit(tx, groupId, memberLimit);
      await this.audit.record(origin, { actorId: organizer.id, action: 'visitor_group.limit', subjectType: 'visitor_group', subjectId: groupId, detail: { from: group.memberLimit, to: memberLimit } }, tx);
    });
    return this.group(organizer, groupId);
  }

  /**
   * Organizers: the group and every member entry go (PIPL: what the agent gave ends with the group, e.g. after the
   * show); the codes of members who never applied are voided. Applications already made stay, no longer in a group.
   */
  async remove(viewer: Viewer | undefined, groupId: string, origin: RequestOrigin) {
    const organizer = requireReviewer(viewer);
    await this.db.transaction(async (tx) => {
      const group = await repository.lockGroup(tx, groupId);
      if (!group) throw new AppError('GROUP_NOT_FOUND');
      const applicants = new Set((await this.applications.ofGroup(groupId, tx)).map((application) => application.accountId));
      const members = await repository.membersOf(tx, groupId);
      const unused = members.filter((member) => !member.accountId || !applicants.has(member.accountId));
      for (const member of unused) await this.activationCodes.void(tx, member.activationCodeId);
      await repository.deleteGroup(tx, groupId);
      await this.audit.record(origin, { actorId: organizer.id, action: 'visitor_group.delete', subjectType: 'visitor_group', subjectId: groupId, detail: { name: group.name, members: members.length, applied: members.length - unused.length } }, tx);
    });
    return true;
  }

  /** Who may import into the group (its agent or an organizer), with what the import needs. */
  async importOptions(viewer: Viewer | undefined, query: { groupId: string; mode: ImportMode }, portalOrigin: string) {
    await this.requireGroupAccess(viewer, query.groupId);
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    return { actorId: viewer.id, groupId: query.groupId, mode: query.mode, portalOrigin };
  }

  /**
   * Reads the member rows (the first is a header when it is no member), checks each, and adds the good ones in one
   * transaction with the group locked: the rows beyond the group's limit are reported, never added. Each added
   * member gets one of the group's codes and an invitation, written with them. One audit row sums the import up.
   */
  async importMembers(options: Awaited<ReturnType<VisitorGroupService['importOptions']>>, file: ImportFile, origin: RequestOrigin, onEvent: (event: ImportEvent<GroupImportRowProblem>) => void): Promise<GroupImportReport> {
    const issues = new ImportIssues<GroupImportRowProblem>();
    const good: Array<{ row: number; member: ImportedGroupMember; cells: string[] }> = [];
    const seen = new Set<string>();
    let rows = 0;
    for await (const { row, cells, refused } of file.rows({ columns: GROUP_IMPORT_COLUMNS.length })) {
      const checked = parseImportedGroupMember(cells);
      if (rows === 0 && row === 1 && !refused && 'problem' in checked) continue; // a header
      rows += 1;
      if (rows % IMPORT_PROGRESS_EVERY === 0) onEvent({ type: 'progress', rows });
      const issue = (problem: GroupImportRowProblem, column: number) => issues.note({ row, column, value: cells[column - 1] ?? '', problem });
      if (refused) issue(refused.problem, refused.column);
      else if ('problem' in checked) issue(checked.problem, checked.column);
      else if (seen.has(checked.member.mobile) || seen.has(checked.member.idNumber)) issue('DUPLICATE_IN_FILE', GROUP_COLUMN_OF_PROBLEM.DUPLICATE_IN_FILE);
      else if (good.length >= MAX_GROUP_MEMBERS) issue('GROUP_FULL', GROUP_COLUMN_OF_PROBLEM.GROUP_FULL);
      else {
        seen.add(checked.member.mobile).add(checked.member.idNumber);
        good.push({ row, member: checked.member, cells });
      }
    }
    if (rows === 0) throw new AppError('GROUP_IMPORT_EMPTY');
    const report = (imported: number): GroupImportReport => ({ rows, good: good.length, bad: issues.count, imported, issues: issues.sorted() });
    if (issues.count > 0 && options.mode === 'ALL_OR_NOTHING') {
      const result = report(0);
      onEvent({ type: 'result', report: result });
      return result;
    }
    const imported = await this.db.transaction(async (tx) => {
      const group = await repository.lockGroup(tx, options.groupId);
      if (!group) throw new AppError('GROUP_NOT_FOUND');
      let room = group.memberLimit - (await repository.countMembers(tx, group.id));
      const added: GroupMemberRow[] = [];
      for (const { row, member, cells } of good) {
        const skip = (problem: GroupImportRowProblem) => issues.note({ row, column: GROUP_COLUMN_OF_PROBLEM[problem], value: cells[GROUP_COLUMN_OF_PROBLEM[problem] - 1] ?? '', problem });
        if (room <= 0) {
          skip('GROUP_FULL');
          continue;
        }
        if (await repository.findMemberByMobile(tx, member.mobile)) {
          skip('MOBILE_TAKEN');
          continue;
        }
        const [code] = await this.activationCodes.issue(tx, group.codeBatch, 1);
        if (!code) throw new Error('no activation code issued');
        const inserted = await repository.insertMember(tx, {
          groupId: group.id,
          name: member.name,
          mobile: member.mobile,
          email: member.email,
          idType: member.idType,
          idNumberHash: personalDataHash(member.idNumber),
          idNumberLast4: member.idNumber.slice(-4),
          activationCodeId: code.id,
        });
        if (!inserted) {
          // Entered in another group since the check: its code is of no use.
          await this.activationCodes.void(tx, code.id);
          skip('MOBILE_TAKEN');
          continue;
        }
        room -= 1;
        added.push(inserted);
        await this.invite(tx, group, inserted, options.portalOrigin);
        await setImmediate();
      }
      await this.audit.record(origin, { actorId: options.actorId, action: 'visitor_group.import', subjectType: 'visitor_group', subjectId: group.id, detail: { mode: options.mode, format: file.format, rows, bad: issues.count, imported: added.length } }, tx);
      return added.length;
    });
    void this.outbox.kick();
    const result = report(imported);
    onEvent({ type: 'result', report: result });
    return result;
  }

  /** Sends a member's invitation again (a lost SMS, a new phone); the wrong ID numbers typed are forgiven. */
  async inviteAgain(viewer: Viewer | undefined, memberId: string, portalOrigin: string, origin: RequestOrigin) {
    const member = await repository.findMember(this.db, memberId);
    if (!member) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    const group = await this.requireGroupAccess(viewer, member.groupId);
    await this.db.transaction(async (tx) => {
      const invited = await repository.updateMember(tx, member.id, { joinAttempts: 0, invitedAt: new Date() });
      await this.invite(tx, group, invited, portalOrigin);
      await this.audit.record(origin, { actorId: viewer?.id ?? null, action: 'visitor_group.invite', subjectType: 'visitor_group', subjectId: group.id, detail: { member: member.id } }, tx);
    });
    void this.outbox.kick();
    return true;
  }

  /** Takes a member out of the group before they applied (a wrong entry); their code is voided. */
  async removeMember(viewer: Viewer | undefined, memberId: string, origin: RequestOrigin) {
    const found = await repository.findMember(this.db, memberId);
    if (!found) throw new AppError('GROUP_MEMBER_NOT_FOUND');
    const group = await this.requireGroupAccess(viewer, found.groupId);
    await this.db.transaction(async (tx) => {
      await repository.lockGroup(tx, group.id);
      const member = await repository.lockMemberByMobile(tx, found.mobile);
      if (!member || member.id !== found.id) throw new AppError('GROUP_MEMBER_NOT_FOUND');
      const applied = member.accountId !== null && (await this.applications.ofGroup(group.id, tx)).some((application) => application.accountId === member.accountId);
      if (applied) throw new AppError('GROUP_MEMBER_APPLIED');
      await repository.deleteMember(tx, member.id);
      await this.activationCodes.void(tx, member.activationCodeId);
      await this.audit.record(origin, { actorId: viewer?.id ?? null, action: 'visitor_group.remove_member', subjectType: 'visitor_group', subjectId: group.id, detail: { member: member.id } }, tx);
    });
    return true;
  }

  /** The viewer's own entry in a group (by their signed-in mobile), or null. */
  async membership(viewer: Viewer | undefined) {
    const mobile = await this.visitorMobile(viewer);
    const member = mobile ? await repository.findMemberByMobile(this.db, mobile) : undefined;
    if (!member) return null;
    const group = await repository.findGroup(this.db, member.groupId);
    if (!group) return null;
    const joined = member.joinedAt !== null && member.accountId === viewer?.id;
    return { groupName: group.name, joined, activationCode: joined ? ((await this.activationCodes.valueOf(member.activationCodeId)) ?? null) : null };
  }

  /**
   * The member, signed in with the mobile the agent entered, types their own ID type and number: the same as the
   * agent's entry joins them (their application will be filed in the group); a different one counts as a wrong try.
   */
  async confirm(viewer: Viewer | undefined, input: TConfirmGroupMembershipInput, origin: RequestOrigin) {
    const mobile = await this.visitorMobile(viewer);
    if (!viewer || !mobile) throw new AppError('GROUP_NOT_INVITED');
    const outcome = await this.db.transaction(async (tx) => {
      const member = await repository.lockMemberByMobile(tx, mobile);
      if (!member) throw new AppError('GROUP_NOT_INVITED');
      if (member.joinedAt && member.accountId === viewer.id) return 'joined' as const;
      if (member.joinAttempts >= MAX_JOIN_ATTEMPTS) throw new AppError('GROUP_JOIN_LOCKED');
      if (member.idType !== input.idType || member.idNumberHash !== personalDataHash(input.idNumber)) {
        // Kept: the wrong try counts even though the answer is an error.
        await repository.updateMember(tx, member.id, { joinAttempts: member.joinAttempts + 1 });
        return 'mismatch' as const;
      }
      await repository.updateMember(tx, member.id, { accountId: viewer.id, joinedAt: new Date() });
      await this.audit.record(origin, { actorId: viewer.id, action: 'visitor_group.join', subjectType: 'visitor_group', subjectId: member.groupId, detail: { member: member.id } }, tx);
      return 'joined' as const;
    });
    if (outcome === 'mismatch') throw new AppError('GROUP_ID_NUMBER_MISMATCH');
    const membership = await this.membership(viewer);
    if (!membership) throw new AppError('GROUP_NOT_INVITED');
    return membership;
  }

  /** GroupMembership: the submit of a joined member binds the group's code for them, with the ID they confirmed. */
  async onSubmit(tx: Executor, accountId: string, input: Pick<TApplicationFields, 'idType' | 'idNumber'>) {
    const member = await repository.lockJoinedMember(tx, accountId);
    if (!member) return null;
    if (member.idType !== input.idType || member.idNumberHash !== personalDataHash(input.idNumber)) throw new AppError('GROUP_ID_NUMBER_MISMATCH');
    const code = await this.activationCodes.valueOf(member.activationCodeId, tx);
    if (!code) throw new AppError('ACTIVATION_CODE_INVALID');
    return { groupId: member.groupId, activationCode: code };
  }

  /** Organizers: approves every application of the group waiting for review (the review's own bulk decision). */
  async approveWaiting(viewer: Viewer | undefined, groupId: string, origin: RequestOrigin) {
    const organizer = requireReviewer(viewer);
    const group = await repository.findGroup(this.db, groupId);
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    const ids = (await this.applications.ofGroup(groupId)).filter((application) => application.approveStatus === 'WAIT').map((application) => application.id);
    if (ids.length === 0) return 0;
    const approved = await this.review.approve(organizer, { ids }, origin);
    await this.audit.record(origin, { actorId: organizer.id, action: 'visitor_group.approve', subjectType: 'visitor_group', subjectId: groupId, detail: { approved: approved.length } });
    return approved.length;
  }

  /**
   * PIPL: an application's personal data erased (withdrawn, on request, at the end of retention) takes its member
   * entry with it — the name, mobile and ID hash the agent gave — inside the erasing transaction.
   */
  async forgetApplicants(tx: Executor, applicationIds: readonly string[]) {
    await repository.deleteMembersOfAccounts(tx, await this.applications.accountIdsOf(applicationIds, tx));
  }

  /** The groups' names (the audit log names its subjects). */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await repository.groupsByIds(this.db, ids)).map((group) => [group.id, group.name]));
  }

  private async invite(tx: Executor, group: GroupRow, member: GroupMemberRow, portalOrigin: string) {
    const messages = await this.messenger.groupInvited(tx, member, { name: member.name, group: group.name, link: `${portalOrigin}${GROUP_JOIN_PATH}` }, localeOfApplicant(member));
    await this.outbox.enqueue(
      tx,
      messages.map((message) => ({ dedupeKey: `group-invite:${member.id}:${member.invitedAt.getTime()}:${message.kind}`, message })),
    );
  }

  /** The signed-in visitor's mobile (groups know their agents and members by it). */
  private async visitorMobile(viewer: Viewer | undefined): Promise<string | null> {
    if (viewer?.scope !== 'audience') return null;
    return (await this.accounts.findById(viewer.id))?.mobile ?? null;
  }

  /** The group, when the viewer is one of its organizers or its agent; not found otherwise (nothing is told). */
  private async requireGroupAccess(viewer: Viewer | undefined, groupId: string): Promise<GroupRow> {
    if (!viewer) throw new AppError('UNAUTHENTICATED');
    const group = await repository.findGroup(this.db, groupId);
    if (viewer.scope === 'organizer') {
      requireReviewer(viewer);
      if (!group) throw new AppError('GROUP_NOT_FOUND');
      return group;
    }
    const mobile = await this.visitorMobile(viewer);
    if (!group || !mobile || group.agentMobile !== mobile) throw new AppError('GROUP_NOT_FOUND');
    return group;
  }

  /** Each group with its members' and applications' counts: two grouped reads, whatever the number of groups. */
  private async withCounts(groups: readonly GroupRow[]): Promise<VisitorGroupModel[]> {
    const ids = groups.map((group) => group.id);
    const [members, statuses] = await Promise.all([repository.memberCounts(this.db, ids), this.applications.statusCountsOfGroups(ids)]);
    const memberCount = new Map(members.map((row) => [row.groupId, row]));
    const inState = (groupId: string, wanted: (status: string) => boolean) =>
      statuses.filter((row) => row.groupId === groupId && wanted(row.approveStatus)).reduce((sum, row) => sum + Number(row.count), 0);
    return groups.map((group) => ({
      ...group,
      members: memberCount.get(group.id)?.members ?? 0,
      joined: memberCount.get(group.id)?.joined ?? 0,
      submitted: inState(group.id, (status) => status !== 'CREATED'),
      waiting: inState(group.id, (status) => status === 'WAIT'),
      approved: inState(group.id, (status) => status === 'DONE'),
    }));
  }
}
