import { OWN_EXTRA_BADGE_ORDERS_SHOWN, type TDecideExtraBadgeOrderInput, type TExtraBadgeOrderListInput, type TOrderExtraBadgesInput } from '@portal/shared/exhibitor/badge-quota';
import type { AuditAction } from '@portal/shared/audit/audit-log';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import { EXHIBITOR_LOCALE } from '@portal/shared/i18n/locales';
import type { AccountService } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { BadgeQuotaService } from './badge-quota.service';
import type { ExhibitorModel, ExtraBadgeOrderModel } from './exhibitor.models';
import { requireCompanyMember, requireExhibitorManager } from './exhibitor.policy';
import * as quotaRepository from './badge-quota.repository';
import * as repository from './exhibitor.repository';

const orderView = ({ quantity, note, status, reason }: ExtraBadgeOrderModel) => ({ quantity, note, status, reason });

/**
 * Extra badges a company pays for outside the portal: the company orders them (OPEN) and may cancel while OPEN;
 * an organizer of the exhibitor section marks the order PAID — its quantity then adds to the company's limit — or
 * refuses it with a reason. Each change locks the rules (for share), the company and the order in that order,
 * re-checks the order is still OPEN, and writes its audit row in the same transaction: two organizers marking the
 * same order paid add it once.
 */
export class ExtraBadgeOrderService {
  constructor(
    private readonly db: Database,
    private readonly quotas: BadgeQuotaService,
    private readonly audit: AuditService,
    private readonly accounts: Pick<AccountService, 'findByExhibitors'>,
    private readonly messenger: Pick<Messenger, 'extraBadgesDecided'>,
    private readonly notices: NoticeOutbox,
  ) {}

  /** The company orders extra badges (an ACTIVE company only, as for every filing). */
  async order(viewer: Viewer | undefined, input: TOrderExtraBadgesInput, origin: RequestOrigin): Promise<ExtraBadgeOrderModel> {
    const { viewer: member, exhibitorId } = requireCompanyMember(viewer);
    return this.db.transaction(async (tx) => {
      const company = await repository.lockExhibitor(tx, exhibitorId);
      if (company?.status !== 'ACTIVE') throw new AppError('EXHIBITOR_NOT_ACTIVE');
      const order = await quotaRepository.insertOrder(tx, { exhibitorId, quantity: input.quantity, note: input.note, orderedById: member.id });
      await this.record(tx, origin, member.id, 'exhibitor.extra_badges_order', order, undefined);
      return order;
    });
  }

  /** The company withdraws its own OPEN order; another company's is NOT_FOUND. */
  cancel(viewer: Viewer | undefined, id: string, origin: RequestOrigin): Promise<ExtraBadgeOrderModel> {
    const { viewer: member, exhibitorId } = requireCompanyMember(viewer);
    return this.change(id, origin, member.id, 'exhibitor.extra_badges_cancel', exhibitorId, () => ({ status: 'CANCELLED' }));
  }

  /**
   * PAID adds the order's badges to the company's limit (recomputed in the transaction); REFUSED keeps the reason.
   * The company's accounts are told either way, by notices written in the same transaction.
   */
  async decide(viewer: Viewer | undefined, input: TDecideExtraBadgeOrderInput, origin: RequestOrigin): Promise<ExtraBadgeOrderModel> {
    const actorId = requireExhibitorManager(viewer).id;
    const action = input.decision === 'PAID' ? 'exhibitor.extra_badges_paid' : 'exhibitor.extra_badges_refuse';
    const decided = await this.change(input.id, origin, actorId, action, null, () => ({ status: input.decision, reason: input.decision === 'REFUSED' ? input.reason : null, decidedById: actorId, decidedAt: new Date() }), (tx, order, company, limit) =>
      this.tellCompany(tx, order, company, limit),
    );
    void this.notices.kick();
    return decided;
  }

  /** The company's latest orders, newest first. */
  async own(viewer: Viewer | undefined): Promise<ExtraBadgeOrderModel[]> {
    const { exhibitorId } = requireCompanyMember(viewer);
    return quotaRepository.listOwnOrders(this.db, exhibitorId, OWN_EXTRA_BADGE_ORDERS_SHOWN);
  }

  /** The organizers' list: one state or all, newest first, with the company's names and booth. */
  async list(viewer: Viewer | undefined, input: TExtraBadgeOrderListInput) {
    requireExhibitorManager(viewer);
    const [rows, total] = await Promise.all([quotaRepository.listOrders(this.db, input), quotaRepository.countOrders(this.db, input)]);
    return { nodes: rows.map((row) => ({ ...row.order, company: { nameZh: row.nameZh, nameEn: row.nameEn, bootNumber: row.bootNumber } })), total, page: input.page, pageSize: input.pageSize };
  }

  /**
   * Locks the rules (for share), the order's company and the order; an order no longer OPEN is refused; a
   * company member (`ownCompany`) reaches only its own company's orders. The limit is recomputed after the change.
   */
  private async change(
    id: string,
    origin: RequestOrigin,
    actorId: string,
    action: AuditAction,
    ownCompany: string | null,
    changes: () => Partial<ExtraBadgeOrderModel>,
    afterChange?: (tx: Executor, order: ExtraBadgeOrderModel, company: ExhibitorModel, limit: number) => Promise<void>,
  ) {
    return this.db.transaction(async (tx) => {
      const found = await quotaRepository.findOrder(tx, id);
      if (!found || (ownCompany !== null && found.exhibitorId !== ownCompany)) throw new AppError('NOT_FOUND');
      const rules = await this.quotas.lockRulesForShare(tx);
      const company = await repository.lockExhibitor(tx, found.exhibitorId);
      const before = await quotaRepository.lockOrder(tx, id);
      if (!company || !before) throw new AppError('NOT_FOUND');
      if (before.status !== 'OPEN') throw new AppError('EXTRA_BADGE_ORDER_NOT_OPEN');
      const after = await quotaRepository.updateOrder(tx, id, changes());
      if (!after) throw new AppError('NOT_FOUND');
      const limit = await this.quotas.recompute(tx, rules, company);
      await this.record(tx, origin, actorId, action, after, before, { from: company.credentialLimit, to: limit });
      await afterChange?.(tx, after, company, limit);
      return after;
    });
  }

  private async tellCompany(tx: Executor, order: ExtraBadgeOrderModel, company: ExhibitorModel, limit: number) {
    const outcome = order.status === 'PAID' ? 'paid' : 'refused';
    for (const account of await this.accounts.findByExhibitors([company.id], tx)) {
      const messages = await this.messenger.extraBadgesDecided(tx, { email: account.email, mobile: account.mobile }, { company: company.nameZh, quantity: order.quantity, outcome, limit, reason: order.reason }, EXHIBITOR_LOCALE);
      await this.notices.enqueue(tx, messages.map((message) => ({ dedupeKey: `extra-badges:${order.id}:${account.id}:${message.kind}`, message })));
    }
  }

  private record(tx: Executor, origin: RequestOrigin, actorId: string, action: AuditAction, after: ExtraBadgeOrderModel, before: ExtraBadgeOrderModel | undefined, limit?: { from: number; to: number }) {
    return this.audit.record(
      origin,
      { actorId, action, subjectType: 'exhibitor', subjectId: after.exhibitorId, detail: { orderId: after.id, ...(before ? { before: orderView(before) } : {}), after: orderView(after), ...(limit ? { credentialLimit: limit } : {}) } },
      tx,
    );
  }
}
