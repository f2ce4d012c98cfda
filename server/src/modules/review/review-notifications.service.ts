import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Messenger } from '../messaging/messenger.service';
import type { ApplicationRow as AudienceRow } from '../application/application.models';
import type { ApplicationService } from '../application/application.service';

/** Calling codes whose holders read Chinese: mainland China, Hong Kong, Macao, Taiwan. */
const CHINESE_CALLING_CODES = ['+86', '+852', '+853', '+886'];

/**
 * The language of a visitor's messages. Nothing about it is stored: a Chinese mobile number means
 * Chinese, anything else English (the portal's fallback). The reviewer's own language says nothing
 * about the visitor's (docs/decisions.md, Visitor applications).
 */
export function localeOfApplicant(application: Pick<AudienceRow, 'mobile'>): Locale {
  const mobile = application.mobile ?? '';
  return CHINESE_CALLING_CODES.some((code) => mobile.startsWith(code)) ? 'zh-CN' : 'en-US';
}

/**
 * Tells visitors the outcome of a review by email and SMS (the dev outbox by default). Runs after the
 * review transaction committed and in the background: a slow or failed delivery neither delays nor
 * undoes the decision; a failure is logged with the application id.
 */
export class ReviewNotificationService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly messenger: Messenger,
    private readonly audience: Pick<ApplicationService, 'visitDatesOf'>,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Starts the notices for rows an approve/refuse just committed; returns the rows unchanged. */
  afterReview<TRow extends AudienceRow>(rows: TRow[]): TRow[] {
    const work = this.deliver(rows.filter((row) => row.approveStatus === 'DONE' || row.approveStatus === 'REFUSE')).finally(() => this.pending.delete(work));
    this.pending.add(work);
    return rows;
  }

  /** Resolves when every notice started so far was delivered or logged as failed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(rows: readonly AudienceRow[]) {
    for (const row of rows) {
      try {
        const visitDays = row.approveStatus === 'DONE' ? (await this.audience.visitDatesOf(row.id)).map((visit) => visit.day) : [];
        const failures = await this.messenger.sendApplicationReviewed(
          { email: row.email, mobile: row.mobile },
          { outcome: row.approveStatus === 'DONE' ? 'approved' : 'refused', name: row.name ?? '', visitDays, reason: row.refuseReason },
          localeOfApplicant(row),
        );
        for (const failure of failures) {
          this.logger.error({ err: failure.error, audienceId: row.id, channel: failure.channel }, 'review notification not delivered');
        }
      } catch (error) {
        this.logger.error({ err: error, audienceId: row.id }, 'review notification not delivered');
      }
    }
  }
}
