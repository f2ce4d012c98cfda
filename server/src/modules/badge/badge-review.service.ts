import { DECISION_RULES, type TApproveSubmissionsInput, type TRejectSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { regionOfId } from '@portal/shared/entrance-room/entrance-room';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionSpec } from '../submission/submission-spec';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import type { TicketService } from '../ticket/ticket.service';
import type { BadgeRow } from './badge.models';
import * as repository from './badge.repository';

/**
 * Badges in the review workflow: the account that applied hears of a decision; a rejection may withdraw
 * an approval; a new badge, or the resubmission of a rejected one, must find room in the company's
 * credentialLimit (counted under the company row's lock, so concurrent filings never exceed it); the
 * gate's ledger follows every change in the same transaction (a ticket from the first approval on).
 */
export function badgeSpec(tickets: Pick<TicketService, 'syncHolder'>): SubmissionSpec<BadgeRow> {
  return {
    kind: 'badge',
    queries: repository.badgeQueries,
    rule: DECISION_RULES.badge,
    recipients: (badge, companyAccounts) => companyAccounts.filter((account) => account.id === badge.createdById),
    notice: (tx, messenger, to, badge) => messenger.badgeReviewed(tx, to, { outcome: badge.status === 'APPROVED' ? 'approved' : 'rejected', name: badge.name, reason: badge.rejectReason }, to.locale),
    holdLimits: async (tx, { company, before }) => {
      // A rejected badge does not count: resubmitting it must find room, as a new one does.
      if (before && before.status !== 'REJECTED') return;
      if ((await repository.countCountingBadges(tx, company.id)) >= company.credentialLimit) throw new AppError('BADGE_LIMIT_REACHED');
    },
    afterChange: (tx: Executor, badge) =>
      tickets.syncHolder(tx, {
        kind: 'BADGE',
        subjectId: badge.id,
        holderName: badge.name,
        organization: badge.companyNameZh,
        days: [],
        approved: badge.status === 'APPROVED',
        entryPhotoId: badge.entryPhotoId,
        idPhotoId: badge.idPhotoId,
        region: regionOfId(badge.idType, badge.idNumber, badge.country),
        counterCheck: badge.counterCheck,
      }),
  };
}

/** The organizers' decisions on badges, in bulk, through the review workflow (rows locked, history, audit and notices in one transaction). */
export class BadgeReviewService {
  constructor(
    private readonly workflow: SubmissionWorkflowService,
    private readonly spec: SubmissionSpec<BadgeRow>,
  ) {}

  /** PENDING → APPROVED. */
  approve(viewer: Viewer | undefined, input: TApproveSubmissionsInput, origin: RequestOrigin) {
    return this.workflow.approve(this.spec, viewer, input, origin);
  }

  /** PENDING → REJECTED, or an approval withdrawn (APPROVED → REJECTED), with a reason. */
  reject(viewer: Viewer | undefined, input: TRejectSubmissionsInput, origin: RequestOrigin) {
    return this.workflow.reject(this.spec, viewer, input, origin);
  }

  /** Every transition of a badge, oldest first. */
  historyOf(badgeId: string) {
    return this.workflow.historyOf(this.spec, badgeId);
  }
}
