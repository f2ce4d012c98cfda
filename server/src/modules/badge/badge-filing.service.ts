import type { TBadgeInput, BadgeRuleContext } from '@portal/shared/badge/badge.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { violatedUniqueConstraint } from '../../lib/database-errors';
import { idNumberColumns } from '../../lib/personal-data-cipher';
import type { AccountService } from '../account/account.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import { PhotoService } from '../media/photo.service';
import type { ShowService } from '../show/show.service';
import type { SubmissionSpec } from '../submission/submission-spec';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import type { TicketService } from '../ticket/ticket.service';
import type { BadgeModel, BadgeRow } from './badge.models';
import { requireExhibitorMember, type BadgeViewer } from './badge.policy';
import * as repository from './badge.repository';
import { BADGE_ID_NUMBER_UNIQUE, BADGE_PHONE_UNIQUE } from './badge.tables';

/**
 * An exhibitor's badge applications: applying within the company's credentialLimit, editing what is not
 * approved (a rejected badge goes back to review), and deleting what is not approved. Filings run through
 * the review workflow with the badge's spec, which holds the limit under the company row's lock.
 */
export class BadgeFilingService {
  constructor(
    private readonly db: Database,
    private readonly review: { workflow: Pick<SubmissionWorkflowService, 'file'>; spec: SubmissionSpec<BadgeRow> },
    private readonly accounts: Pick<AccountService, 'findByIds'>,
    private readonly photos: Pick<PhotoService, 'findByIds' | 'forgetFaces'>,
    private readonly tickets: Pick<TicketService, 'eraseHolders'>,
    private readonly audit: AuditService,
    private readonly show: Pick<ShowService, 'firstShowDay'>,
    private readonly clock: Clock,
  ) {}

  /** What the form's rules need beyond its fields (today and the first show day): the edge parses with them. */
  async ruleContext(): Promise<BadgeRuleContext> {
    return { today: shanghaiDate(new Date(this.clock.now())), firstShowDay: await this.show.firstShowDay() };
  }

  /** Creates (no id) or edits a badge of the viewer's company; an edit of a rejected badge resubmits it (→ PENDING). */
  async save(viewer: BadgeViewer | undefined, id: string | null, input: TBadgeInput, origin: RequestOrigin): Promise<BadgeModel> {
    const member = requireExhibitorMember(viewer);
    await this.checkPhotos(member.exhibitorId, input);
    const now = new Date(this.clock.now());
    const { truthConfirmed: _truth, sensitiveConsent: _consent, idNumber, ...fields } = input;
    const values = { ...fields, ...idNumberColumns(idNumber), idNumber, counterCheck: input.counterCheck === true, truthConfirmedAt: now, sensitiveConsentAt: now };
    try {
      const saved = await this.review.workflow.file(
        this.review.spec,
        { actorId: member.viewer.id, exhibitorId: member.exhibitorId },
        {
          existing: id ? { lock: (tx) => repository.lockBadge(tx, id), required: true } : undefined,
          write: async (tx, { submittedAt: _filedAt, ...pending }, before) => {
            // The counter check (decision 0209): any face data kept for the photos goes with the filing.
            if (input.counterCheck) await this.photos.forgetFaces(tx, [input.entryPhotoId, input.idPhotoId]);
            if (!before) return repository.insertBadge(tx, { ...values, ...pending, exhibitorId: member.exhibitorId, createdById: member.viewer.id });
            const after = await repository.updateBadge(tx, before.id, { ...values, ...pending });
            if (!after) throw new AppError('NOT_FOUND');
            return after;
          },
        },
        origin,
      );
      return { ...saved, revealed: true };
    } catch (error) {
      // A clash on one of the unique indexes is the field's own error: the index decides inside the insert or
      // update, so two exhibitors saving the same person at once cannot both succeed.
      const constraint = violatedUniqueConstraint(error);
      if (constraint === BADGE_ID_NUMBER_UNIQUE) throw new AppError('BADGE_ID_NUMBER_TAKEN');
      if (constraint === BADGE_PHONE_UNIQUE) throw new AppError('BADGE_PHONE_TAKEN');
      throw error;
    }
  }

  /** Deletes a badge that is not approved (it no longer counts against the limit). */
  async remove(viewer: BadgeViewer | undefined, id: string | null, origin: RequestOrigin) {
    const member = requireExhibitorMember(viewer);
    if (!id) throw new AppError('NOT_FOUND');
    await this.db.transaction(async (tx) => {
      const badge = await repository.lockBadge(tx, id);
      if (!badge || badge.exhibitorId !== member.exhibitorId) throw new AppError('NOT_FOUND');
      if (!isEditableByExhibitor(badge.status)) throw new AppError('SUBMISSION_NOT_EDITABLE');
      await repository.deleteBadge(tx, badge.id);
      await this.tickets.eraseHolders(tx, 'BADGE', [badge.id]);
      await this.audit.record(origin, { actorId: member.viewer.id, action: 'badge.delete', subjectType: 'badge', subjectId: badge.id, detail: { status: badge.status } }, tx);
    });
    return true;
  }

  /**
   * The photos must be badge photos uploaded by an account of the same company. Read before the filing's
   * transaction (on PGlite that transaction holds the one connection).
   */
  private async checkPhotos(exhibitorId: string, input: TBadgeInput) {
    const found = await this.photos.findByIds([input.entryPhotoId, input.idPhotoId]);
    const owners = await this.accounts.findByIds([...new Set(found.map((photo) => photo.ownerId))]);
    const ownedByCompany = (photoId: string, purpose: 'BADGE' | 'BADGE_ID') => {
      const photo = found.find((row) => row.id === photoId);
      return photo?.purpose === purpose && owners.some((owner) => owner.id === photo.ownerId && owner.exhibitorId === exhibitorId);
    };
    if (!ownedByCompany(input.entryPhotoId, 'BADGE')) throw new AppError('BADGE_ENTRY_PHOTO_REQUIRED');
    if (!ownedByCompany(input.idPhotoId, 'BADGE_ID')) throw new AppError('BADGE_ID_PHOTO_REQUIRED');
    // Face recognition needs photos uploaded face-checked; the counter check takes any.
    if (!input.counterCheck && found.some((photo) => !PhotoService.faceChecked(photo))) throw new AppError('PHOTO_FACE_CHECK_NEEDED');
  }
}
