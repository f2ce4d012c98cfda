import type { TBadgePhotoReplaceInput, TBadgeTicketInput } from '@portal/shared/badge/badge.schema';
import type { Locale } from '@portal/shared/i18n/locales';
import { VERIFICATION_CODE_DAILY_LIMIT, VERIFICATION_CODE_HOURLY_LIMIT, VERIFICATION_CODE_RESEND_SECONDS } from '@portal/shared/auth/credentials';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ExpiringStore } from '../../lib/expiring-store';
import { personalDataHash } from '../../lib/personal-data-cipher';
import { PENDING_REVIEW } from '../../lib/submission-tables';
import type { AccountService } from '../account/account.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { CaptchaService } from '../auth/captcha.service';
import type { VerificationCodeService } from '../auth/verification-code.service';
import type { PhotoService } from '../media/photo.service';
import type { SubmissionSpec } from '../submission/submission-spec';
import type { SubmissionWorkflowService } from '../submission/submission-workflow.service';
import type { TicketService } from '../ticket/ticket.service';
import type { BadgeRow } from './badge.models';
import * as repository from './badge.repository';

/** /ticket look-ups: per address and per ID number, in an hour (docs/decisions/0411-badge-ticket-lookup.md). */
const TICKET_WINDOW_SECONDS = 3600;
const TICKET_IP_HOURLY_LIMIT = 30;
const TICKET_ID_HOURLY_LIMIT = 10;

/** The badge's review state and workflow, for the photo replacement that sends an approved badge back to review. */
export interface BadgeReview {
  workflow: Pick<SubmissionWorkflowService, 'recordResubmission'>;
  spec: SubmissionSpec<BadgeRow>;
}

/**
 * The public /ticket page of exhibitor staff (no account): the approved badge's QR for its ID number and
 * phone, and the replacement of its entry-card photo with a code sent to the badge's own mobile. Every
 * answer is the same whether or not a badge matches, behind the captcha and per-address and per-number
 * throttles, so that nothing is learnt about who has a badge.
 */
export class BadgeTicketService {
  constructor(
    private readonly db: Database,
    private readonly review: BadgeReview,
    private readonly tickets: Pick<TicketService, 'badgeToken'>,
    private readonly photos: Pick<PhotoService, 'store' | 'record' | 'deleteById' | 'deleteFiles'>,
    private readonly accounts: Pick<AccountService, 'findByExhibitor'>,
    private readonly guards: { captcha: Pick<CaptchaService, 'verifyOnce'>; codes: Pick<VerificationCodeService, 'countRequestFrom' | 'send' | 'consume'>; store: ExpiringStore },
  ) {}

  /**
   * /ticket: the approved badge's QR token for its ID number and phone number. An unknown number, a
   * wrong phone and a badge not (yet) approved all give the same answer, so nothing is learnt.
   */
  async ticket(input: TBadgeTicketInput, captcha: string | undefined, ip: string) {
    await this.throttleLookUp(input, captcha, ip);
    const badge = await this.approvedBadgeOf(input);
    if (!badge) throw new AppError('BADGE_TICKET_NOT_FOUND');
    return { badge, token: this.tickets.badgeToken(badge.id) };
  }

  /**
   * /ticket photo replacement, step 1: a code by SMS to the approved badge's own mobile. The answer is
   * the same whether or not a badge matches (nothing is sent then); one ask a minute per ID number for
   * everyone, so the code service's per-mobile wait cannot tell a real badge apart either.
   */
  async sendPhotoCode(input: TBadgeTicketInput, captcha: string | undefined, origin: RequestOrigin, locale: Locale) {
    const { store, codes } = this.guards;
    await this.throttleLookUp(input, captcha, origin.ip);
    const idKey = personalDataHash(input.idNumber);
    if (!(await store.setIfAbsent(`badge-photo-code:id:${idKey}`, '1', VERIFICATION_CODE_RESEND_SECONDS))) {
      throw new AppError('AUTH_CODE_TOO_SOON', { seconds: VERIFICATION_CODE_RESEND_SECONDS });
    }
    // The carriers' caps, counted per ID number for everyone, so they are reached alike with or without a badge.
    for (const [window, seconds, limit] of [['hour', 3600, VERIFICATION_CODE_HOURLY_LIMIT], ['day', 86_400, VERIFICATION_CODE_DAILY_LIMIT]] as const) {
      if ((await store.increment(`badge-photo-code:${window}:${idKey}`, seconds)) > limit) throw new AppError('AUTH_CODE_LIMIT_REACHED').retryAfter(seconds);
    }
    await codes.countRequestFrom(origin.ip);
    const badge = await this.approvedBadgeOf(input);
    if (badge) await codes.send({ identity: badgeMobile(badge), purpose: 'badge-photo', locale });
    return { resendAfterSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  }

  /**
   * Step 2: the code, then the new entry-card photo (checked like any badge photo, owned by the account
   * that applied) replaces the old one and the badge goes back to PENDING, with its history and audit
   * rows, in one transaction; the old file is deleted after the commit. Any mismatch — no such approved
   * badge, a wrong, spent or expired code — is one answer.
   */
  async replacePhoto(input: TBadgePhotoReplaceInput, file: File, origin: RequestOrigin) {
    if ((await this.guards.store.increment(`badge-ticket:ip:${origin.ip}`, TICKET_WINDOW_SECONDS)) > TICKET_IP_HOURLY_LIMIT) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: 60 });
    // The picture first, whoever asks: a refused picture does not spend the code (and tells nothing of the badge).
    // A badge verified at the counter (decision 0209) has it checked without face detection.
    const stored = await this.photos.store(file, 'BADGE', { counterCheck: input.counterCheck });
    try {
      const found = await this.approvedBadgeOf(input);
      if (!found) throw new AppError('TICKET_PHOTO_CODE_INVALID');
      try {
        await this.guards.codes.consume(badgeMobile(found), 'badge-photo', input.code);
      } catch (error) {
        throw error instanceof AppError ? new AppError('TICKET_PHOTO_CODE_INVALID') : error;
      }
      const ownerId = found.createdById ?? (await this.accounts.findByExhibitor(found.exhibitorId))[0]?.id;
      const { photo, oldFiles } = await this.db.transaction(async (tx) => {
        const before = await repository.lockBadge(tx, found.id);
        if (!before || before.status !== 'APPROVED' || !ownerId) throw new AppError('TICKET_PHOTO_CODE_INVALID');
        if (before.counterCheck !== (input.counterCheck === true)) throw new AppError('PHOTO_FACE_CHECK_NEEDED');
        const photo = await this.photos.record(tx, ownerId, 'BADGE', stored, { counterCheck: before.counterCheck });
        const after = await repository.updateBadge(tx, before.id, { entryPhotoId: photo.id, ...PENDING_REVIEW });
        if (!after) throw new AppError('TICKET_PHOTO_CODE_INVALID');
        await this.review.workflow.recordResubmission(tx, this.review.spec, before, after, origin, 'badge.photo-replace');
        // The old picture goes unless another badge still shows it.
        const unused = before.entryPhotoId && !(await repository.badgeReferencingPhoto(tx, before.entryPhotoId)) ? before.entryPhotoId : null;
        return { photo, oldFiles: unused ? await this.photos.deleteById(tx, unused) : [] };
      });
      await this.photos.deleteFiles(oldFiles);
      return photo;
    } catch (error) {
      await this.photos.deleteFiles([stored.key]);
      throw error;
    }
  }

  /** Throttled per address and per ID number (an hour's window) and behind the captcha, before anything is looked up. */
  private async throttleLookUp(input: TBadgeTicketInput, captcha: string | undefined, ip: string) {
    const { store } = this.guards;
    if ((await store.increment(`badge-ticket:ip:${ip}`, TICKET_WINDOW_SECONDS)) > TICKET_IP_HOURLY_LIMIT) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: 60 });
    await this.guards.captcha.verifyOnce(captcha);
    if ((await store.increment(`badge-ticket:id:${personalDataHash(input.idNumber)}`, TICKET_WINDOW_SECONDS)) > TICKET_ID_HOURLY_LIMIT) throw new AppError('AUTH_TOO_MANY_ATTEMPTS', { minutes: 60 });
  }

  /** The approved badge of this ID number when the phone (with or without its country code) is its own. */
  private async approvedBadgeOf({ idNumber, phoneNumber }: TBadgeTicketInput) {
    const badge = await repository.findBadgeByIdNumberHash(this.db, personalDataHash(idNumber));
    const phoneMatches = badge ? badge.phoneNumber === phoneNumber || `${badge.countryCode}${badge.phoneNumber}` === phoneNumber : false;
    return badge && phoneMatches && badge.status === 'APPROVED' ? badge : undefined;
  }
}

/** Where a badge's codes go: its own mobile, in E.164. */
function badgeMobile(badge: Pick<BadgeRow, 'countryCode' | 'phoneNumber'>) {
  return { kind: 'mobile' as const, value: `${badge.countryCode}${badge.phoneNumber}` };
}
