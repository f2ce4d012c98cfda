import type { AuditAction } from '@portal/shared/audit/audit-log';
import { countExhibitorsByStatus } from './exhibitor-stats.repository';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageWithTotal } from '../../lib/keyset';
import { normaliseIdentity } from '@portal/shared/auth/identity';
import type { TCreateExhibitorInput, TExhibitorListInput, TRegisterExhibitorInput, TUpdateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import type { AccountService, NewAccountInput } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { PhotoService } from '../media/photo.service';
import type { Viewer } from '../../lib/viewer';
import { isExhibitorManager, requireExhibitorManager } from './exhibitor.policy';
import type { RequestOrigin } from '../audit/audit.models';
import type { VerificationCodeService } from '../auth/verification-code.service';
import type { ShowService } from '../show/show.service';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import { EXHIBITOR_LOCALE, type Locale } from '@portal/shared/i18n/locales';
import type { Writable } from 'node:stream';
import { writeExhibitorSheet } from './exhibitor-export';
import { generateInitialPassword } from '../../lib/passwords';
import { badgeQuota, type BoothQuotaRule } from '@portal/shared/exhibitor/badge-quota';
import type { ExhibitorWithInitialPasswordModel, CredentialCounter, ExhibitorModel, ExhibitorPageModel, NewExhibitor } from './exhibitor.models';
import * as repository from './exhibitor.repository';
import type { BadgeQuotaService } from './badge-quota.service';

/** What the audit log keeps of a company before and after a change (no sign-in secrets). */
function auditView(company: ExhibitorModel) {
  const { nameZh, nameEn, credentialLimit, bootNumber, boothArea, boothType, limitOverride, limitOverrideReason, status, contactName, contactMobile, contactEmail, logoPhotoId } = company;
  return { nameZh, nameEn, credentialLimit, bootNumber, boothArea, boothType, limitOverride, limitOverrideReason, status, contactName, contactMobile, contactEmail, logoPhotoId };
}

/**
 * Exhibiting companies and their accounts: self-registration (PENDING until approved), the organizer's
 * list, creation with an initial password, edits within the badges already counted, approval,
 * disabling and password resets. Each change locks the company row and writes its audit row (before
 * and after) in the same transaction.
 */
export class ExhibitorService {
  private credentialCounter: CredentialCounter | undefined;

  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly show: ShowService,
    private readonly codes: VerificationCodeService,
    private readonly audit: AuditService,
    private readonly messenger: Messenger,
    private readonly notices: NoticeOutbox,
    private readonly photos: PhotoService,
    private readonly quotas: BadgeQuotaService,
  ) {}

  /** The badge module counts a company's badges (wired in services.ts: badges depend on exhibitors, not the reverse). */
  countCredentialsWith(counter: CredentialCounter) {
    this.credentialCounter = counter;
  }

  findById(id: string) {
    return repository.findExhibitorById(this.db, id);
  }

  /** Id, names and booth of every company (filter options of the organizers' queues, the queues' exports). */
  listNames() {
    return repository.listExhibitorNames(this.db);
  }

  findByIds(ids: readonly string[]) {
    return repository.findExhibitorsByIds(this.db, ids);
  }

  /**
   * Locks the company's row in the caller's transaction and returns it: a rule that counts the
   * company's records (the badge limit) decides under this lock, so concurrent requests queue here.
   */
  lockForUpdate(tx: Executor, id: string) {
    return repository.lockExhibitor(tx, id);
  }

  /**
   * Creates the company and its first account in one transaction (seed, tests, the organizer, registration, the
   * import); its limit is the rule's value for its booth (or its override), computed under the rules' share lock.
   */
  createWithAccount(company: NewExhibitor, account: Omit<NewAccountInput, 'scope' | 'exhibitorId' | 'roles'>, tx?: Executor) {
    const run = async (own: Executor) => {
      const rules = await this.quotas.lockRulesForShare(own);
      const quota = { boothArea: company.boothArea ?? null, boothType: company.boothType ?? null, limitOverride: company.limitOverride ?? null };
      const created = await repository.insertExhibitor(own, { ...company, credentialLimit: badgeQuota(rules, { ...quota, paidExtra: 0 }).limit });
      return { exhibitor: created, account: await this.accounts.createAccount({ ...account, scope: 'exhibitor', exhibitorId: created.id }, own) };
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** The counting badges of the listed companies (0 for a company without any). */
  async usedCredentials(exhibitorIds: readonly string[]): Promise<Map<string, number>> {
    return (await this.credentialCounter?.countMany(exhibitorIds)) ?? new Map();
  }

  /** The organizers' company list, the list's filter applied, as a streamed workbook; the caller audits it (`exhibitor.export`). */
  writeExport(viewer: Viewer | undefined, output: Writable, filter: Pick<TExhibitorListInput, 'status' | 'keyword'>, locale: Locale, beforeClose: (rows: number) => Promise<void>) {
    requireExhibitorManager(viewer);
    return writeExhibitorSheet(this.db, output, filter, locale, (ids) => this.usedCredentials(ids), async (rows) => (await this.quotas.breakdowns(rows)).map((quota) => quota.paidExtra), beforeClose);
  }

  /** The accounts of the listed companies (the organizer's list shows their sign-in identity and state). */
  accountsOf(exhibitorIds: readonly string[]) {
    return this.accounts.findByExhibitors(exhibitorIds);
  }

  /**
   * Self-registration: open while `exhibitorRegOpen`; the code sent to the chosen contact
   * channel proves it, and only that channel becomes the sign-in identity. The company waits as PENDING.
   */
  async register(input: TRegisterExhibitorInput, origin: RequestOrigin) {
    if (!(await this.show.setting()).exhibitorRegOpen) throw new AppError('EXHIBITOR_REG_CLOSED');
    const identity = normaliseIdentity(input.codeSentTo === 'mobile' ? input.contactMobile : input.contactEmail);
    if (!identity) throw new AppError(input.codeSentTo === 'mobile' ? 'EXHIBITOR_MOBILE_INVALID' : 'AUTH_INVALID_EMAIL');
    await this.codes.consume(identity, 'register', input.code);
    return this.db.transaction(async (tx) => {
      const { exhibitor, account } = await this.createWithAccount(
        { nameZh: input.nameZh, nameEn: input.nameEn, contactName: input.contactName, contactMobile: input.contactMobile, contactEmail: input.contactEmail, bootNumber: null, status: 'PENDING' },
        { name: input.contactName, identity: identity.kind === 'email' ? { email: identity.value } : { mobile: identity.value }, password: input.password },
        tx,
      );
      await this.audit.record(origin, { actorId: account.id, action: 'exhibitor.register', subjectType: 'exhibitor', subjectId: exhibitor.id, detail: { after: auditView(exhibitor) } }, tx);
      return account;
    });
  }

  async list(viewer: Viewer | undefined, input: TExhibitorListInput): Promise<ExhibitorPageModel> {
    requireExhibitorManager(viewer);
    const { nodes, total } = await pageWithTotal(input.page, input.pageSize, {
      count: () => repository.countExhibitors(this.db, input),
      countIsKept: false,
      readPage: (total) => repository.listExhibitors(this.db, input, total),
    });
    return { nodes, total, page: input.page, pageSize: input.pageSize };
  }

  /** The organizer creates an approved company with its account; the initial password is returned once. */
  create(viewer: Viewer | undefined, input: TCreateExhibitorInput, origin: RequestOrigin): Promise<ExhibitorWithInitialPasswordModel> {
    return this.createAs(requireExhibitorManager(viewer).id, input, origin);
  }

  /**
   * Creates an approved company with its account for `actorId`, an organizer of the exhibitor section whom the
   * caller authorised (the form, or one imported row); audited `exhibitor.create` in the same transaction.
   */
  createAs(actorId: string, input: TCreateExhibitorInput, origin: RequestOrigin, detail: Record<string, unknown> = {}): Promise<ExhibitorWithInitialPasswordModel> {
    const initialPassword = generateInitialPassword();
    return this.db.transaction(async (tx) => {
      if (input.logoId) await this.requireUsableLogo(tx, actorId, input.logoId);
      const { exhibitor } = await this.createWithAccount(
        {
          nameZh: input.nameZh,
          nameEn: input.nameEn,
          contactName: input.contactName,
          contactMobile: input.contactMobile,
          contactEmail: input.contactEmail,
          bootNumber: input.bootNumber,
          boothArea: input.boothArea,
          boothType: input.boothType,
          limitOverride: input.limitOverride,
          limitOverrideReason: input.limitOverrideReason,
          status: 'ACTIVE',
          logoPhotoId: input.logoId ?? null,
        },
        { name: input.contactName, identity: { email: input.contactEmail ?? undefined, mobile: input.contactMobile ?? undefined }, password: initialPassword, initialPassword: true },
        tx,
      );
      await this.audit.record(origin, { actorId, action: 'exhibitor.create', subjectType: 'exhibitor', subjectId: exhibitor.id, detail: { after: auditView(exhibitor), ...detail } }, tx);
      return { exhibitor, initialPassword };
    });
  }

  /**
   * Names, booth (number, area, type), the limit's override with its reason, and logo. The limit is recomputed
   * under the rules' share lock and the company lock the badge rules take; an edit may not lower it below the
   * badges already counted (a company already over its limit, after a rule change, keeps its other edits). A
   * replaced or removed logo's row goes in the transaction, its file after it.
   */
  async update(viewer: Viewer | undefined, input: TUpdateExhibitorInput, origin: RequestOrigin) {
    const actorId = requireExhibitorManager(viewer).id;
    const replacedFiles: string[] = [];
    const updated = await this.db.transaction(async (tx) => {
      const rules = await this.quotas.lockRulesForShare(tx);
      return this.changeLocked(tx, actorId, input.id, 'exhibitor.update', origin, async (before) => {
        const quota = { boothArea: input.boothArea, boothType: input.boothType, limitOverride: input.limitOverride, limitOverrideReason: input.limitOverride === null ? null : input.limitOverrideReason };
        const credentialLimit = await this.quotas.limitOf(tx, rules, { id: before.id, ...quota });
        if (credentialLimit < before.credentialLimit) {
          const used = (await this.credentialCounter?.countOne(tx, before.id)) ?? 0;
          if (credentialLimit < used) throw new AppError('EXHIBITOR_LIMIT_BELOW_USED', { used, limit: credentialLimit });
        }
        const logoPhotoId = input.logoId === undefined ? before.logoPhotoId : input.logoId;
        if (logoPhotoId && logoPhotoId !== before.logoPhotoId) await this.requireUsableLogo(tx, actorId, logoPhotoId);
        const after = await repository.updateExhibitor(tx, before.id, { nameZh: input.nameZh, nameEn: input.nameEn, contactName: input.contactName, bootNumber: input.bootNumber, ...quota, credentialLimit, logoPhotoId });
        if (before.logoPhotoId && before.logoPhotoId !== logoPhotoId) replacedFiles.push(...(await this.photos.deleteById(tx, before.logoPhotoId)));
        return after;
      });
    });
    await this.photos.deleteFiles(replacedFiles);
    return updated;
  }

  /** A new logo must be an EXHIBITOR_LOGO upload of the acting organizer that no company shows yet. */
  private async requireUsableLogo(tx: Executor, actorId: string, photoId: string) {
    const [photo] = await this.photos.findByIds([photoId], tx);
    const usable = photo?.purpose === 'EXHIBITOR_LOGO' && photo.ownerId === actorId && !(await repository.findExhibitorByLogo(tx, photoId));
    if (!usable) throw new AppError('EXHIBITOR_LOGO_INVALID', {}, [{ path: 'logoId', code: 'EXHIBITOR_LOGO_INVALID' }]);
  }

  /** Photo access rule: a company's logo opens for its own accounts and the exhibitor section's organizers. */
  async logoAccess(viewer: Viewer, photoId: string): Promise<{ audited: boolean } | null> {
    const company = await repository.findExhibitorByLogo(this.db, photoId);
    if (!company) return null;
    if (isExhibitorManager(viewer)) return { audited: false };
    // The company is read from the account, not from what the caller's viewer object carries.
    const ownCompany = viewer.scope === 'exhibitor' ? (await this.accounts.findById(viewer.id))?.exhibitorId : null;
    return ownCompany === company.id ? { audited: false } : null;
  }

  /**
   * A self-registered company may apply from now on, with the badge limit its booth gives (recomputed in the
   * approval: the type's minimum while the area is unknown, the standard booth's while the type is); its accounts
   * are told by email and SMS (outbox, same transaction, in zh-CN like the area).
   */
  async approve(viewer: Viewer | undefined, id: string, origin: RequestOrigin) {
    const actorId = requireExhibitorManager(viewer).id;
    const approved = await this.db.transaction(async (tx) => this.approveLocked(tx, await this.quotas.lockRulesForShare(tx), actorId, id, origin));
    void this.notices.kick();
    return approved;
  }

  /**
   * Self-registrations approved together, all or none: one transaction that locks the companies in id order
   * (two overlapping batches queue instead of deadlocking); one that is no longer PENDING refuses the batch
   * with EXHIBITOR_NOT_PENDING, as the single approval does.
   */
  async approveMany(viewer: Viewer | undefined, ids: readonly string[], origin: RequestOrigin) {
    const actorId = requireExhibitorManager(viewer).id;
    const approved = await this.db.transaction(async (tx) => {
      const rules = await this.quotas.lockRulesForShare(tx);
      const rows: ExhibitorModel[] = [];
      for (const id of [...new Set(ids)].sort()) rows.push(await this.approveLocked(tx, rules, actorId, id, origin));
      return rows;
    });
    void this.notices.kick();
    return approved;
  }

  private approveLocked(tx: Executor, rules: readonly BoothQuotaRule[], actorId: string, id: string, origin: RequestOrigin) {
    return this.changeLocked(tx, actorId, id, 'exhibitor.approve', origin, async (before) => {
      if (before.status !== 'PENDING') throw new AppError('EXHIBITOR_NOT_PENDING');
      const after = await repository.updateExhibitor(tx, id, { status: 'ACTIVE', credentialLimit: await this.quotas.limitOf(tx, rules, before) });
      for (const account of await this.accounts.findByExhibitors([id], tx)) {
        const messages = await this.messenger.exhibitorApproved(tx, { email: account.email, mobile: account.mobile }, before.nameZh, EXHIBITOR_LOCALE);
        await this.notices.enqueue(tx, messages.map((message) => ({ dedupeKey: `exhibitor-approved:${id}:${account.id}:${message.kind}`, message })));
      }
      return after;
    });
  }

  /** Disabling ends the company's sessions and refuses its sign-in; enabling makes it ACTIVE again. */
  async setEnabled(viewer: Viewer | undefined, id: string, enabled: boolean, origin: RequestOrigin) {
    const actorId = requireExhibitorManager(viewer).id;
    let accountIds: string[] = [];
    const changed = await this.change(actorId, id, enabled ? 'exhibitor.enable' : 'exhibitor.disable', origin, async (tx, before) => {
      if ((before.status === 'DISABLED') !== enabled) throw new AppError('EXHIBITOR_STATUS_UNCHANGED');
      accountIds = (await this.accounts.setDisabledOfExhibitor(tx, id, !enabled)).map((account) => account.id);
      return repository.updateExhibitor(tx, id, { status: enabled ? 'ACTIVE' : 'DISABLED' });
    });
    // After the commit: every instance's cache of signed-in sessions drops the accounts.
    await this.accounts.announceChanged(accountIds);
    return changed;
  }

  /** A new initial password for the company's account (returned once); every session of it ends. */
  async resetPassword(viewer: Viewer | undefined, id: string, origin: RequestOrigin): Promise<ExhibitorWithInitialPasswordModel> {
    const actorId = requireExhibitorManager(viewer).id;
    const reset = await this.db.transaction(async (tx) => {
      const company = await repository.lockExhibitor(tx, id);
      if (!company) throw new AppError('NOT_FOUND');
      const [account] = await this.accounts.findByExhibitors([id], tx);
      if (!account) throw new AppError('NOT_FOUND');
      const { initialPassword } = await this.accounts.resetToInitialPassword(tx, account.id);
      await this.audit.record(origin, { actorId, action: 'exhibitor.reset_password', subjectType: 'account', subjectId: account.id, detail: { exhibitorId: id } }, tx);
      return { exhibitor: company, initialPassword, accountId: account.id };
    });
    await this.accounts.announceChanged([reset.accountId]);
    return { exhibitor: reset.exhibitor, initialPassword: reset.initialPassword };
  }

  /** Locks the company, applies the change, and audits before and after, in one transaction. */
  private change(actorId: string, id: string, action: AuditAction, origin: RequestOrigin, apply: (tx: Executor, before: ExhibitorModel) => Promise<ExhibitorModel | undefined>) {
    return this.db.transaction((tx) => this.changeLocked(tx, actorId, id, action, origin, (before) => apply(tx, before)));
  }

  private async changeLocked(tx: Executor, actorId: string, id: string, action: AuditAction, origin: RequestOrigin, apply: (before: ExhibitorModel) => Promise<ExhibitorModel | undefined>) {
    const before = await repository.lockExhibitor(tx, id);
    if (!before) throw new AppError('NOT_FOUND');
    const after = await apply(before);
    if (!after) throw new AppError('NOT_FOUND');
    await this.audit.record(origin, { actorId, action, subjectType: 'exhibitor', subjectId: id, detail: { before: auditView(before), after: auditView(after) } }, tx);
    return after;
  }

  /** The dashboard's figure: companies per state. */
  countByStatus() {
    return countExhibitorsByStatus(this.db);
  }
}
