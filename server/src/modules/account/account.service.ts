import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { generateInitialPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/database-errors';
import { isStrongPassword } from '@portal/shared/auth/credentials';
import { normaliseIdentity, type IdentityKind } from '@portal/shared/auth/identity';
import { ROLES, type Role, type Scope } from '@portal/shared/auth/scopes';
import type { TChangePasswordInput, TUpdateProfileInput } from '@portal/shared/account/account.schema';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { AccountModel, AccountViewer } from './account.models';
import * as repository from './account.repository';

/**
 * SPEC 3/6: a role's `name` is its authority (ROLE_…), which guards compare; `note` says what it
 * grants, for people reading the database (the web shows translated labels by name).
 */
const ROLE_NOTES: Record<Role, string> = {
  ROLE_SUPER_ADMIN: 'Super administrator: audience, exhibitor and ticket sections',
  ROLE_AUDIENCE: 'Reviews visitor applications',
  ROLE_EXHIBITOR: 'Manages exhibitors and their applications',
  ROLE_TICKET: 'Manages VIP tickets',
  ROLE_PROJECT: 'Project settings and activation codes',
  ROLE_HARDWARE: 'Entrance devices',
};

export interface NewAccountInput {
  scope: Scope;
  name: string;
  identity: { email?: string; mobile?: string };
  password: string;
  roles?: readonly Role[];
  /** An exhibitor account's company (the exhibitor module creates the company first, in the same transaction). */
  exhibitorId?: string;
  /** Set by an organizer: the holder must change it at first sign-in (`passwordLastUpdateAt` stays empty). */
  initialPassword?: boolean;
}

/**
 * Every change to an account that a signed-in session depends on (password, roles, disabled, profile,
 * sign-in figures) is announced on the bus once it is committed, so that the caches of signed-in sessions
 * on every instance drop the account at once. Methods that write in the caller's transaction leave the
 * announcement to the caller, after its commit (`announceChanged`): announced earlier, another instance
 * could read and keep the old row again before the commit.
 */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly bus?: InvalidationBus,
  ) {}

  /** Tells every instance that these accounts changed; call it after the transaction that changed them committed. */
  async announceChanged(accountIds: readonly string[]) {
    for (const key of new Set(accountIds)) await this.bus?.publish({ kind: 'account', key });
  }

  findById(id: string) {
    return repository.findAccountById(this.db, id);
  }

  findByIds(ids: readonly string[]) {
    return repository.findAccountsByIds(this.db, ids);
  }

  /** The audit log's person filter: name (contains), email or mobile. */
  idsMatching(text: string, limit: number) {
    return repository.findAccountIdsMatching(this.db, text, limit);
  }

  /** The enabled accounts of an exhibiting company. */
  findByExhibitor(exhibitorId: string, tx: Executor = this.db) {
    return repository.findAccountsOfExhibitor(tx, exhibitorId);
  }

  /** Every account of the given companies, enabled or not. */
  findByExhibitors(exhibitorIds: readonly string[], tx: Executor = this.db) {
    return repository.findAccountsOfExhibitors(tx, exhibitorIds);
  }

  /**
   * Enables or disables every account of a company in the caller's transaction; disabling ends their
   * sessions. Returns the accounts' ids for `announceChanged` after the commit.
   */
  setDisabledOfExhibitor(tx: Executor, exhibitorId: string, disabled: boolean) {
    return repository.setDisabledOfExhibitor(tx, exhibitorId, disabled);
  }

  /**
   * Gives the account a new initial password (returned once, stored only as a hash): the holder must change
   * it at the next sign-in, and every session of the account ends. Runs in the caller's transaction
   * (which announces the account's change after its commit).
   */
  async resetToInitialPassword(tx: Executor, accountId: string): Promise<{ account: AccountModel; initialPassword: string }> {
    const initialPassword = generateInitialPassword();
    const before = await repository.findAccountById(tx, accountId);
    if (!before) throw new AppError('NOT_FOUND');
    const account = await repository.updateAccount(tx, accountId, {
      passwordHash: await hashPassword(initialPassword),
      passwordLastUpdateAt: null,
      sessionVersion: before.sessionVersion + 1,
    });
    if (!account) throw new AppError('NOT_FOUND');
    return { account, initialPassword };
  }

  findByIdentity(identity: { kind: IdentityKind; value: string }) {
    return repository.findAccountByIdentity(this.db, identity);
  }

  async recordSuccessfulLogin(accountId: string) {
    await repository.recordSuccessfulLogin(this.db, accountId);
    await this.announceChanged([accountId]);
  }

  rolesOf(accountId: string) {
    return repository.rolesOfAccount(this.db, accountId);
  }

  /** The account as policies see it: with its roles, read from the database (organizers only have any). */
  async viewerOf(account: AccountModel): Promise<AccountViewer> {
    const roles = account.scope === 'organizer' ? (await this.rolesOf(account.id)).map((role) => role.id as Role) : [];
    return { ...account, roles };
  }

  /** The same from the account's id, account and roles read in one statement (the signed-in viewer of a request). */
  async viewerById(id: string): Promise<AccountViewer | undefined> {
    const row = await repository.findAccountWithRoleIds(this.db, id);
    if (!row) return undefined;
    return { ...row.account, roles: row.account.scope === 'organizer' ? (row.roleIds as Role[]) : [] };
  }

  count() {
    return repository.countAccounts(this.db);
  }

  async ensureRoles() {
    await repository.upsertRoles(
      this.db,
      ROLES.map((id) => ({ id, name: id, note: ROLE_NOTES[id] })),
    );
  }

  /**
   * Creates an account (seed, CLI, registration, an exhibitor's company). Email and mobile are
   * normalised and must be unique. `tx` joins the caller's transaction.
   */
  async createAccount(input: NewAccountInput, tx?: Executor) {
    const email = input.identity.email ? normaliseIdentity(input.identity.email) : undefined;
    const mobile = input.identity.mobile ? normaliseIdentity(input.identity.mobile) : undefined;
    if ((input.identity.email && email?.kind !== 'email') || (input.identity.mobile && mobile?.kind !== 'mobile') || (!email && !mobile)) {
      throw new AppError('AUTH_INVALID_IDENTITY');
    }
    if (!isStrongPassword(input.password)) throw new AppError('PASSWORD_TOO_WEAK');
    const passwordHash = await hashPassword(input.password);
    try {
      return await (tx ? this.insertAccount(tx, input, passwordHash, email?.value ?? null, mobile?.value ?? null) : this.db.transaction((own) => this.insertAccount(own, input, passwordHash, email?.value ?? null, mobile?.value ?? null)));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ACCOUNT_IDENTITY_TAKEN');
      throw error;
    }
  }

  private async insertAccount(tx: Executor, input: NewAccountInput, passwordHash: string, email: string | null, mobile: string | null) {
    const account = await repository.insertAccount(tx, {
      scope: input.scope,
      name: input.name,
      email,
      mobile,
      passwordHash,
      passwordLastUpdateAt: input.initialPassword ? null : new Date(),
      exhibitorId: input.exhibitorId ?? null,
    });
    await repository.grantRoles(tx, account.id, input.roles ?? []);
    return account;
  }

  async setDisabled(accountId: string, disabled: boolean) {
    const row = await repository.updateAccount(this.db, accountId, { disabled });
    if (!row) throw new AppError('NOT_FOUND');
    await this.announceChanged([accountId]);
    return row;
  }

  async updateProfile(accountId: string, input: TUpdateProfileInput) {
    const row = await repository.updateAccount(this.db, accountId, { name: input.name, nickname: input.nickname });
    if (!row) throw new AppError('NOT_FOUND');
    await this.announceChanged([accountId]);
    return row;
  }

  /** Whether the password is the account's (a step-up check before an irreversible action). */
  async passwordMatches(accountId: string, password: string, tx: Executor = this.db): Promise<boolean> {
    const account = await repository.findAccountById(tx, accountId);
    return Boolean(account && (await verifyPassword(account.passwordHash, password)));
  }

  /**
   * PIPL erasure of an account at its owner's request, inside the caller's transaction: its name,
   * contacts and password go, it can no longer sign in, and its sessions end (the version bump; the
   * caller announces the change after its commit).
   */
  async closeAccount(tx: Executor, accountId: string) {
    const account = await repository.findAccountById(tx, accountId);
    if (!account) throw new AppError('NOT_FOUND');
    await repository.updateAccount(tx, accountId, {
      name: '',
      nickname: null,
      mobile: null,
      email: null,
      passwordHash: null,
      disabled: true,
      sessionVersion: account.sessionVersion + 1,
    });
  }

  /**
   * Changes the password after checking the current one; bumps the session version so that every
   * other session of the account ends. Returns the account as updated.
   */
  async changePassword(accountId: string, { currentPassword, newPassword }: TChangePasswordInput) {
    const account = await repository.findAccountById(this.db, accountId);
    if (!account) throw new AppError('NOT_FOUND');
    if (!(await verifyPassword(account.passwordHash, currentPassword))) throw new AppError('PASSWORD_CURRENT_WRONG');
    if (!isStrongPassword(newPassword)) throw new AppError('PASSWORD_TOO_WEAK');
    const updated = await repository.updateAccount(this.db, accountId, {
      passwordHash: await hashPassword(newPassword),
      passwordLastUpdateAt: new Date(),
      sessionVersion: account.sessionVersion + 1,
    });
    if (!updated) throw new AppError('NOT_FOUND');
    await this.announceChanged([accountId]);
    return updated;
  }
}
