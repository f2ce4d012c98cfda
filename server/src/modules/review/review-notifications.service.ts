import type { Locale } from '@portal/shared/i18n/locales';
import type { Executor } from '../../db/client';
import type { ApplicationRow } from '../application/application.models';
import type { ApplicationService } from '../application/application.service';
import type { OutgoingMessage } from '../messaging/message-channel';
import type { Messenger } from '../messaging/messenger.service';
import type { NoticeOutbox } from '../messaging/notice-outbox.service';

/** Calling codes whose holders read Chinese: mainland China, Hong Kong, Macao, Taiwan. */
const CHINESE_CALLING_CODES = ['+86', '+852', '+853', '+886'];

/**
 * The language of a visitor's messages. Nothing about it is stored: a Chinese mobile number means
 * Chinese, anything else English (the portal's fallback). The reviewer's own language says nothing
 * about the visitor's (docs/decisions/0302-review-notifications.md).
 */
export function localeOfApplicant(application: Pick<ApplicationRow, 'mobile'>): Locale {
  const mobile = application.mobile ?? '';
  return CHINESE_CALLING_CODES.some((code) => mobile.startsWith(code)) ? 'zh-CN' : 'en-US';
}

/**
 * Tells visitors the outcome of a review by email and SMS. The notices are written by the review's own
 * transaction (a decision is never committed without them) and delivered by the notice outbox after
 * the commit, with retries: a slow or failed carrier neither delays nor undoes the decision.
 */
export class ReviewNotificationService {
  constructor(
    private readonly messenger: Pick<Messenger, 'applicationReviewed'>,
    private readonly outbox: NoticeOutbox,
    private readonly applications: Pick<ApplicationService, 'visitDatesOfMany'>,
  ) {}

  /** Writes one notice per decision and channel, inside the deciding transaction. */
  async enqueue(tx: Executor, decided: ReadonlyArray<{ decisionId: number; after: ApplicationRow }>) {
    const approved = decided.filter(({ after }) => after.approveStatus === 'DONE').map(({ after }) => after.id);
    const visits = approved.length ? await this.applications.visitDatesOfMany(approved, tx) : [];
    const notices: Array<{ dedupeKey: string; message: OutgoingMessage }> = [];
    // One after the other: a transaction runs on one connection.
    for (const { decisionId, after } of decided) {
      const messages = await this.messenger.applicationReviewed(
        tx,
        { email: after.email, mobile: after.mobile },
        {
          outcome: after.approveStatus === 'DONE' ? 'approved' : 'refused',
          name: after.name ?? '',
          visitDays: visits.filter((visit) => visit.audienceId === after.id).map((visit) => visit.day),
          reason: after.refuseReason,
        },
        localeOfApplicant(after),
      );
      notices.push(...messages.map((message) => ({ dedupeKey: `review-decision:${decisionId}:${message.kind}`, message })));
    }
    await this.outbox.enqueue(tx, notices);
  }

  /** After the commit: start delivering at once instead of at the next poll. */
  deliverSoon() {
    void this.outbox.kick();
  }
}
