import { BOOTH_TYPE_WHEN_UNKNOWN, badgeQuota, type BadgeQuotaBreakdown, type BoothQuotaRule, type TSaveBoothQuotaRuleInput } from '@portal/shared/exhibitor/badge-quota';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ExhibitorModel } from './exhibitor.models';
import { requireExhibitorManager } from './exhibitor.policy';
import * as repository from './badge-quota.repository';

/** What a limit is computed from, as the company row holds it. */
type QuotaInputs = Pick<ExhibitorModel, 'boothArea' | 'boothType' | 'limitOverride'>;

/**
 * Badge quotas (docs/decisions/0417-badge-quotas.md): the organizer's rule per booth type, and each company's
 * effective limit — (override, or its booth's rule value) + its paid extra badges — stored as `credential_limit`
 * for the badge rules, which read it under the company lock.
 *
 * Lock order, the same on every path: the rules (FOR SHARE to compute a company's limit, FOR UPDATE of one type to
 * change it), then companies in id order, then an extra badge order. A rule change and an edit of a company's booth
 * therefore never compute from a rule the other is changing, and nothing deadlocks.
 */
export class BadgeQuotaService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /** Every booth type's rule (the organizers' settings page). */
  async rules(viewer: Viewer | undefined): Promise<BoothQuotaRule[]> {
    requireExhibitorManager(viewer);
    return repository.listRules(this.db);
  }

  /** The rules, FOR SHARE until the caller's transaction ends: take them before locking a company whose limit is recomputed. */
  lockRulesForShare(tx: Executor): Promise<BoothQuotaRule[]> {
    return repository.lockRules(tx, 'share');
  }

  /** A company's effective limit in the caller's transaction (rules locked by `lockRulesForShare`, the company locked). */
  async limitOf(tx: Executor, rules: readonly BoothQuotaRule[], company: Pick<ExhibitorModel, 'id'> & QuotaInputs): Promise<number> {
    return badgeQuota(rules, { ...company, paidExtra: await repository.sumPaidExtras(tx, company.id) }).limit;
  }

  /** Stores a locked company's recomputed limit; answers the limit. */
  async recompute(tx: Executor, rules: readonly BoothQuotaRule[], company: Pick<ExhibitorModel, 'id' | 'credentialLimit'> & QuotaInputs): Promise<number> {
    const limit = await this.limitOf(tx, rules, company);
    if (limit !== company.credentialLimit) await repository.setCredentialLimit(tx, company.id, limit);
    return limit;
  }

  /** How each company's limit was reached (the organizers' list, the exhibitor's badge page): one read of the rules and the paid sums. */
  async breakdowns(companies: ReadonlyArray<Pick<ExhibitorModel, 'id'> & QuotaInputs>): Promise<BadgeQuotaBreakdown[]> {
    const [rules, paid] = await Promise.all([repository.listRules(this.db), repository.sumPaidExtrasOf(this.db, companies.map((company) => company.id))]);
    const paidOf = new Map(paid.map((row) => [row.exhibitorId, row.value]));
    return companies.map((company) => badgeQuota(rules, { ...company, paidExtra: paidOf.get(company.id) ?? 0 }));
  }

  /**
   * Saves one booth type's rule and, in the same transaction, recomputes the limit of every company that follows it
   * (its type, no override; the companies without a type too when the type is the one they are counted as). Badges
   * already filed are kept when a limit falls below them: the company shows as over its limit and files no new one.
   */
  async saveRule(viewer: Viewer | undefined, input: TSaveBoothQuotaRuleInput, origin: RequestOrigin) {
    const actorId = requireExhibitorManager(viewer).id;
    return this.db.transaction(async (tx) => {
      const [before] = await repository.lockRules(tx, 'update', input.boothType);
      if (!before) throw new AppError('NOT_FOUND');
      const rule = await repository.updateRule(tx, input);
      if (!rule) throw new AppError('NOT_FOUND');
      const rules = (await repository.listRules(tx)).map((each) => (each.boothType === rule.boothType ? rule : each));
      const changed: Array<{ id: string; from: number; to: number }> = [];
      for (const company of await repository.lockCompaniesFollowing(tx, input.boothType, input.boothType === BOOTH_TYPE_WHEN_UNKNOWN)) {
        const limit = await this.recompute(tx, rules, company);
        if (limit !== company.credentialLimit) changed.push({ id: company.id, from: company.credentialLimit, to: limit });
      }
      await this.audit.record(origin, { actorId, action: 'badge_quota_rule.save', subjectType: 'badge_quota_rule', subjectId: rule.boothType, detail: { before: ruleView(before), after: ruleView(rule), changed } }, tx);
      return { rule, recomputed: changed.length };
    });
  }
}

const ruleView = ({ areaPerBadge, minimum, maximum }: BoothQuotaRule) => ({ areaPerBadge, minimum, maximum });
