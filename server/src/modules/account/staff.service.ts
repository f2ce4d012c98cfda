import type { Role } from '@portal/shared/auth/scopes';
import type { AuditAction } from '@portal/shared/audit/audit-log';
import type { TCreateStaffInput, TStaffListInput, TUpdateStaffRolesInput } from '@portal/shared/staff/staff.schema';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { generateInitialPassword } from '../../lib/passwords';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AccountModel } from './account.models';
import type { AccountService } from './account.service';
import type { StaffModel, StaffPageModel, StaffWithInitialPasswordModel } from './staff.models';
import * as repository from './account.repository';
import { requireStaffManager } from './staff.policy';
import type { Viewer } from '../../lib/viewer';

/** What the audit log keeps of a staff account before and after a change (no sign-in secrets). */
function auditView({ name, email, mobile, disabled, roles }: StaffModel) {
  return { name, email, mobile, disabled, roles };
}

/**
 * Organizer accounts and their roles, managed by the super administrator. Each change
 * locks the target's and the actor's rows, re-checks under that lock that the actor still is an enabled
 * super administrator (two of them cannot strip each other at once and leave the portal without one),
 * and writes its audit row (before and after) in the same transaction. A change is announced once committed,
 * so it takes effect at the account's next request on every instance; disabling and resets end its sessions.
 */
export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly audit: AuditService,
  ) {}

  async list(viewer: Viewer | undefined, input: TStaffListInput): Promise<StaffPageModel> {
    requireStaffManager(viewer);
    const { nodes, total } = await repository.listStaff(this.db, input);
    return { nodes: await this.withRoles(this.db, nodes), total, page: input.page, pageSize: input.pageSize };
  }

  /** The account is created with an initial password (returned once): its holder must change it at first sign-in. */
  async create(viewer: Viewer | undefined, input: TCreateStaffInput, origin: RequestOrigin): Promise<StaffWithInitialPasswordModel> {
    const actorId = requireStaffManager(viewer).id;
    const initialPassword = generateInitialPassword();
    return this.db.transaction(async (tx) => {
      await this.lockActor(tx, actorId);
      const account = await this.accounts.createAccount(
        { scope: 'organizer', name: input.name, identity: { email: input.email ?? undefined, mobile: input.mobile ?? undefined }, password: initialPassword, initialPassword: true, roles: input.roles },
        tx,
      );
      const [staff] = await this.withRoles(tx, [account]);
      if (!staff) throw new AppError('STAFF_NOT_FOUND');
      await this.audit.record(origin, { actorId, action: 'staff.create', subjectType: 'account', subjectId: account.id, detail: { after: auditView(staff) } }, tx);
      return { staff, initialPassword };
    });
  }

  /** A super administrator keeps ROLE_SUPER_ADMIN: the portal always has one who can manage staff. */
  updateRoles(viewer: Viewer | undefined, input: TUpdateStaffRolesInput, origin: RequestOrigin) {
    const actorId = requireStaffManager(viewer).id;
    if (input.id === actorId && !input.roles.includes('ROLE_SUPER_ADMIN')) throw new AppError('STAFF_SELF_LOCKOUT');
    return this.change(actorId, input.id, 'staff.update', origin, async (tx) => {
      await repository.replaceRoles(tx, input.id, input.roles);
    });
  }

  /** Disabling refuses the account's sign-in and ends its sessions; nobody disables themself. */
  setDisabled(viewer: Viewer | undefined, id: string, disabled: boolean, origin: RequestOrigin) {
    const actorId = requireStaffManager(viewer).id;
    if (disabled && id === actorId) throw new AppError('STAFF_SELF_LOCKOUT');
    return this.change(actorId, id, disabled ? 'staff.disable' : 'staff.enable', origin, async (tx, before) => {
      if (before.disabled === disabled) throw new AppError('STAFF_STATE_UNCHANGED');
      await repository.updateAccount(tx, id, { disabled, ...(disabled ? { sessionVersion: before.sessionVersion + 1 } : {}) });
    });
  }

  /** A new initial password (returned once); every session of the account ends. */
  async resetPassword(viewer: Viewer | undefined, id: string, origin: RequestOrigin): Promise<StaffWithInitialPasswordModel> {
    const actorId = requireStaffManager(viewer).id;
    const reset = await this.db.transaction(async (tx) => {
      await this.lockTargetAndActor(tx, id, actorId);
      const { account, initialPassword } = await this.accounts.resetToInitialPassword(tx, id);
      const [staff] = await this.withRoles(tx, [account]);
      if (!staff) throw new AppError('STAFF_NOT_FOUND');
      await this.audit.record(origin, { actorId, action: 'staff.reset_password', subjectType: 'account', subjectId: id }, tx);
      return { staff, initialPassword };
    });
    await this.accounts.announceChanged([id]);
    return reset;
  }

  /** Locks, applies the change, and audits before and after, in one transaction; announces it once committed. */
  private async change(actorId: string, id: string, action: AuditAction, origin: RequestOrigin, apply: (tx: Executor, before: AccountModel) => Promise<void>) {
    const changed = await this.db.transaction(async (tx) => {
      const target = await this.lockTargetAndActor(tx, id, actorId);
      const [before] = await this.withRoles(tx, [target]);
      if (!before) throw new AppError('STAFF_NOT_FOUND');
      await apply(tx, target);
      const [after] = await this.withRoles(tx, [await this.requireOrganizer(tx, id)]);
      if (!after) throw new AppError('STAFF_NOT_FOUND');
      await this.audit.record(origin, { actorId, action, subjectType: 'account', subjectId: id, detail: { before: auditView(before), after: auditView(after) } }, tx);
      return after;
    });
    await this.accounts.announceChanged([id]);
    return changed;
  }

  /** Locks both rows (in id order) and returns the target; the actor must still be an enabled super administrator. */
  private async lockTargetAndActor(tx: Executor, targetId: string, actorId: string) {
    const rows = await repository.lockOrganizers(tx, [targetId, actorId]);
    await this.requireActor(tx, rows.find((row) => row.id === actorId));
    const target = rows.find((row) => row.id === targetId);
    if (!target) throw new AppError('STAFF_NOT_FOUND');
    return target;
  }

  private async lockActor(tx: Executor, actorId: string) {
    const [actor] = await repository.lockOrganizers(tx, [actorId]);
    await this.requireActor(tx, actor);
  }

  private async requireActor(tx: Executor, actor: AccountModel | undefined) {
    const roles = actor && !actor.disabled ? await repository.rolesOfAccount(tx, actor.id) : [];
    if (!roles.some((role) => role.id === 'ROLE_SUPER_ADMIN')) throw new AppError('FORBIDDEN');
  }

  private async requireOrganizer(tx: Executor, id: string) {
    const [row] = await repository.lockOrganizers(tx, [id]);
    if (!row) throw new AppError('STAFF_NOT_FOUND');
    return row;
  }

  private async withRoles(tx: Executor, accounts: readonly AccountModel[]): Promise<StaffModel[]> {
    const grants = await repository.roleIdsOfAccounts(tx, accounts.map((account) => account.id));
    return accounts.map((account) => ({ ...account, roles: grants.filter((grant) => grant.accountId === account.id).map((grant) => grant.roleId as Role) }));
  }
}
