import type { FastifyBaseLogger } from 'fastify';
import type { IdentityKind } from '@portal/shared/auth/identity';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { translate } from '../../lib/i18n';
import { OutboxChannel } from '../outbox/outbox.channel';
import type { EmailChannel, OutgoingMessage, SmsChannel } from './message-channel';
import { SmtpEmailChannel } from './smtp-email.channel';

const MESSAGES = 'messages';

/** Writes the portal's messages in the recipient's language and hands them to the right channel. */
export class Messenger {
  constructor(private readonly channels: { email: EmailChannel; sms: SmsChannel }) {}

  async sendVerificationCode(to: { kind: IdentityKind; value: string }, code: string, validMinutes: number, locale: Locale) {
    const params = { code, minutes: validMinutes };
    if (to.kind === 'email') {
      await this.channels.email.send({
        kind: 'email',
        to: to.value,
        subject: translate(locale, 'verificationCodeSubject', params, MESSAGES),
        text: translate(locale, 'verificationCodeEmail', params, MESSAGES),
      });
    } else {
      await this.channels.sms.send({
        kind: 'sms',
        to: to.value,
        template: 'verification_code',
        params: { code, minutes: String(validMinutes) },
        locale,
        text: translate(locale, 'verificationCodeSms', params, MESSAGES),
      });
    }
  }

  /**
   * The messages telling a visitor that the application was approved or refused: an email to `email`
   * and an SMS to `mobile` (either may be absent), in the visitor's language, ready for the notice outbox.
   */
  applicationReviewed(
    to: { email: string | null; mobile: string | null },
    review: { outcome: 'approved' | 'refused'; name: string; visitDays: readonly string[]; reason: string | null },
    locale: Locale,
  ): OutgoingMessage[] {
    const prefix = review.outcome === 'approved' ? 'applicationApproved' : 'applicationRefused';
    const params = { name: review.name, days: review.visitDays.join(', '), reason: review.reason ?? '' };
    const messages: OutgoingMessage[] = [];
    if (to.email) {
      messages.push({ kind: 'email', to: to.email, subject: translate(locale, `${prefix}Subject`, params, MESSAGES), text: translate(locale, `${prefix}Email`, params, MESSAGES) });
    }
    if (to.mobile) {
      // Template parameters stay short (providers cap each at a few dozen characters): the reason goes by email only.
      const smsParams: Record<string, string> = review.outcome === 'approved' ? { name: review.name, days: params.days } : { name: review.name };
      messages.push({
        kind: 'sms',
        to: to.mobile,
        template: review.outcome === 'approved' ? 'application_approved' : 'application_refused',
        params: smsParams,
        locale,
        text: translate(locale, `${prefix}Sms`, params, MESSAGES),
      });
    }
    return messages;
  }

  /**
   * The messages telling an exhibitor that a staff badge was approved or rejected: an email and an SMS
   * to the account that applied (either may be absent), ready for the notice outbox.
   */
  badgeReviewed(to: { email: string | null; mobile: string | null }, review: { outcome: 'approved' | 'rejected'; name: string; reason: string | null }, locale: Locale): OutgoingMessage[] {
    const prefix = review.outcome === 'approved' ? 'badgeApproved' : 'badgeRejected';
    const params = { name: review.name, reason: review.reason ?? '' };
    const messages: OutgoingMessage[] = [];
    if (to.email) messages.push({ kind: 'email', to: to.email, subject: translate(locale, `${prefix}Subject`, params, MESSAGES), text: translate(locale, `${prefix}Email`, params, MESSAGES) });
    if (to.mobile) {
      messages.push({ kind: 'sms', to: to.mobile, template: review.outcome === 'approved' ? 'badge_approved' : 'badge_rejected', params: { name: review.name }, locale, text: translate(locale, `${prefix}Sms`, params, MESSAGES) });
    }
    return messages;
  }

  /** Hands a written message to its channel; resolves once the carrier accepted it, else throws. */
  deliver(message: OutgoingMessage): Promise<void> {
    return message.kind === 'email' ? this.channels.email.send(message) : this.channels.sms.send(message);
  }
}

/** Email over SMTP when SMTP_URL is set; SMS through SMS_PROVIDER; the dev outbox otherwise. */
export function createMessenger(config: Config, db: Database, logger: FastifyBaseLogger): Messenger {
  const outbox = new OutboxChannel(db, logger);
  const email = config.SMTP_URL ? new SmtpEmailChannel(config.SMTP_URL, config.MAIL_FROM) : outbox;
  if (config.NODE_ENV === 'production' && (!config.SMTP_URL || config.SMS_PROVIDER === 'outbox')) {
    logger.warn('Email or SMS goes to the dev outbox: set SMTP_URL and SMS_PROVIDER so that users receive their codes');
  }
  const smsChannels: Record<Config['SMS_PROVIDER'], SmsChannel> = { outbox };
  return new Messenger({ email, sms: smsChannels[config.SMS_PROVIDER] });
}
