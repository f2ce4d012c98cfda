import type { Database, Executor } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import type { TAudienceListInput } from '@portal/shared/review/audience-list';
import type { TApproveApplicationsInput, TErasePersonalDataInput, TRefuseApplicationsInput } from '@portal/shared/review/review.schema';
import type { ApplicationService } from '../application/application.service';
import type { PersonalDataService } from '../application/personal-data.service';
import type { ReviewDecision } from '../application/application.models';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { ReviewNotificationService } from './review-notifications.service';
import { requireEraser, requireReviewer } from './review.policy';

/**
 * The organizer's review of visitor applications: the list, the audited detail, approve and refuse in
 * bulk (decision, audit rows and notices in one transaction; delivery after the commit), and erasure on request.
 * Every method authorises the viewer itself, so GraphQL and REST edges apply the same rule.
 */
export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly applications: ApplicationService,
    private readonly personalData: PersonalDataService,
    private readonly audit: AuditService,
    private readonly notifications: ReviewNotificationService,
  ) {}

  list(viewer: Viewer | undefined, input: TAudienceListInput) {
    requireReviewer(viewer);
    return this.applications.list(input);
  }

  /** One application in full (the full ID number included); every view is audited (PIPL). `null`: no such id could exist. */
  async detail(viewer: Viewer | undefined, id: string | null, origin: RequestOrigin) {
    const reviewer = requireReviewer(viewer);
    const application = id ? await this.applications.findById(id) : undefined;
    if (!application) return null;
    await this.audit.record(origin, { actorId: reviewer.id, action: 'audience.view', subjectType: 'audience', subjectId: application.id });
    return { ...application, revealed: true };
  }

  /** WAIT → DONE, in bulk. */
  approve(viewer: Viewer | undefined, { ids }: TApproveApplicationsInput, origin: RequestOrigin) {
    const reviewer = requireReviewer(viewer);
    return this.decide(reviewer, ids, 'approve', null, origin);
  }

  /** WAIT → REFUSE, or revokes an approval DONE → REFUSE, with a reason, in bulk. */
  refuse(viewer: Viewer | undefined, { ids, reason }: TRefuseApplicationsInput, origin: RequestOrigin) {
    const reviewer = requireReviewer(viewer);
    return this.decide(reviewer, ids, 'refuse', reason, origin);
  }

  /** PIPL: erases the personal data of applications on request; returns how many were erased. */
  erase(viewer: Viewer | undefined, { ids }: TErasePersonalDataInput, origin: RequestOrigin) {
    const eraser = requireEraser(viewer);
    return this.personalData.erase(eraser.id, ids, origin);
  }

  private async decide(reviewer: Viewer, ids: readonly string[], decision: ReviewDecision, reason: string | null, origin: RequestOrigin) {
    const rows = await this.db.transaction(async (tx) => (await this.decideIn(tx, reviewer.id, ids, decision, reason, origin)).map(({ after }) => after));
    this.notifications.deliverSoon();
    return rows;
  }

  /**
   * An organizer's decision in the caller's transaction: the applications, one audit row each (`detail` adds to
   * theirs, e.g. the review job that decided), the visitors' notices; the caller delivers them after the commit.
   */
  async decideIn(tx: Executor, actorId: string | null, ids: readonly string[], decision: ReviewDecision, reason: string | null, origin: RequestOrigin | undefined, detail: Record<string, unknown> = {}) {
    const decided = await this.applications.decide(tx, actorId, ids, decision, reason);
    for (const { before, after } of decided) {
      await this.audit.record(
        origin,
        { actorId, action: `audience.${decision}`, subjectType: 'audience', subjectId: after.id, detail: { from: before.approveStatus, to: after.approveStatus, reason, ...detail } },
        tx,
      );
    }
    await this.notifications.enqueue(tx, decided);
    return decided;
  }
}
