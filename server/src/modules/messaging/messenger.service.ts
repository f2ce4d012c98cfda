import type { FastifyBaseLogger } from 'fastify';
import type { IdentityKind } from '@portal/shared/auth/identity';
import type { Locale } from '@portal/shared/i18n/locales';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { translate } from '../../lib/i18n';
import { OutboxChannel } from '../outbox/outbox.channel';
import type { EmailChannel, SmsChannel } from './message-channel';
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
