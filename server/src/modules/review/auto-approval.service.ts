import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Viewer } from '../../lib/viewer';
import { ruleMatches, type AutoApprovalFacts, type TAutoApprovalRule, type TSaveAutoApprovalRulesInput } from '@portal/shared/review/auto-approval.schema';
import type { ActivationCodeService } from '../activation-code/activation-code.service';
import type { ApplicationRow } from '../application/application.models';
import type { ApplicationService } from '../application/application.service';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ShowService } from '../show/show.service';
import type { ReviewNotificationService } from './review-notifications.service';
import { requireReviewer } from './review.policy';
import * as repository from './auto-approval.repository';

export type AutoApprovalRuleModel = TAutoApprovalRule & { id: number };

/**
 * Auto-approval rules (docs/decisions/0310-auto-approval-rules.md): the first enabled rule whose conditions an
 * application meets approves it in the transaction that submits it, through the same decision as a reviewer's
 * (status history naming the rule, audit row, the visitor's notice); any other application waits for a person.
 */
export class AutoApprovalService {
  constructor(
    private readonly db: Database,
    private readonly applications: Pick<ApplicationService, 'decide'>,
    private readonly activationCodes: Pick<ActivationCodeService, 'byIds' | 'batches'>,
    private readonly show: Pick<ShowService, 'channelsByIds'>,
    private readonly audit: AuditService,
    private readonly notifications: Pick<ReviewNotificationService, 'enqueue'>,
    private readonly clock: Clock,
  ) {}

  async rules(viewer: Viewer | undefined): Promise<AutoApprovalRuleModel[]> {
    requireReviewer(viewer);
    return (await repository.rulesInOrder(this.db)).map(modelOf);
  }

  /** The named batches of activation codes, for a rule's batch condition. */
  async batches(viewer: Viewer | undefined): Promise<string[]> {
    requireReviewer(viewer);
    return (await this.activationCodes.batches()).flatMap((row) => (row.batch === null ? [] : [row.batch]));
  }

  /** Replaces the ordered list; the channels must exist. Audited before/after. */
  async save(viewer: Viewer | undefined, input: TSaveAutoApprovalRulesInput, origin: RequestOrigin): Promise<AutoApprovalRuleModel[]> {
    const reviewer = requireReviewer(viewer);
    const channelIds = [...new Set(input.rules.flatMap((rule) => rule.channelIds))];
    if ((await this.show.channelsByIds(channelIds)).length !== channelIds.length) throw new AppError('AUTO_APPROVAL_RULE_INVALID');
    const now = new Date(this.clock.now());
    const saved = await this.db.transaction(async (tx) => {
      await repository.lockRules(tx);
      const before = (await repository.rulesInOrder(tx)).map(modelOf);
      const after = (
        await repository.replaceRules(
          tx,
          input.rules.map((rule, position) => ({ ...rule, codeBatches: [...new Set(rule.codeBatches)], channelIds: [...new Set(rule.channelIds)], idTypes: [...new Set(rule.idTypes)], position, updatedAt: now, updatedById: reviewer.id })),
        )
      ).map(modelOf);
      await this.audit.record(origin, { actorId: reviewer.id, action: 'auto_approval_rules.save', subjectType: 'auto_approval_rules', subjectId: '1', detail: { before, after } }, tx);
      return after;
    });
    return saved;
  }

  /** Whether a submission needs its face-match score computed (before its transaction: the score takes time). */
  async wantsFaceScore(): Promise<boolean> {
    return (await repository.rulesInOrder(this.db)).some((rule) => rule.enabled && rule.minFaceScore !== null);
  }

  /**
   * In the submit's transaction, after the application was filed (WAIT): the first matching rule approves it.
   * Returns the approved row, or undefined when it waits for a person.
   */
  async decideOnSubmit(tx: Executor, submitted: ApplicationRow, faceMatchScore: number | null): Promise<ApplicationRow | undefined> {
    const rules = (await repository.rulesInOrder(tx)).map(modelOf).filter((rule) => rule.enabled);
    if (rules.length === 0 || !submitted.idType) return undefined;
    const [code] = submitted.activationCodeId ? await this.activationCodes.byIds([submitted.activationCodeId], tx) : [];
    const facts: AutoApprovalFacts = { codeBatch: code?.batch ?? null, channelId: submitted.channelId, idType: submitted.idType, counterCheck: submitted.counterCheck, faceMatchScore };
    const rule = rules.find((candidate) => ruleMatches(candidate, facts));
    if (!rule) return undefined;
    const decided = await this.applications.decide(tx, null, [submitted.id], 'approve', null, rule.name);
    for (const { before, after } of decided) {
      await this.audit.record(
        undefined,
        { actorId: null, action: 'audience.approve', subjectType: 'audience', subjectId: after.id, detail: { from: before.approveStatus, to: after.approveStatus, reason: null, rule: { id: rule.id, name: rule.name, faceMatchScore } } },
        tx,
      );
    }
    await this.notifications.enqueue(tx, decided);
    return decided[0]?.after;
  }
}

function modelOf(row: repository.AutoApprovalRuleRow): AutoApprovalRuleModel {
  return { id: row.id, name: row.name, enabled: row.enabled, codeBatches: row.codeBatches, channelIds: row.channelIds, idTypes: row.idTypes, minFaceScore: row.minFaceScore };
}
