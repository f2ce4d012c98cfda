import type { FastifyBaseLogger } from 'fastify';
import type { IdentityKind } from '@portal/shared/auth/identity';
import type { Locale } from '@portal/shared/i18n/locales';
import { SHANGHAI_OFFSET_MS } from '@portal/shared/dates';
import { showNameIn, type ShowNames as ShowNameSettings } from '@portal/shared/show/show-name';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { translate } from '../../lib/i18n';
import { DevOutboxChannel } from './dev-outbox.channel';
import type { EmailChannel, MessageChannel, OutgoingMessage, SmsChannel, SmsTemplate } from './message-channel';
import { SmtpEmailChannel } from './smtp-email.channel';

const MESSAGES = 'messages';

/** The show's name as the organizers set it (project settings), read in the caller's transaction when there is one. */
export type ShowNames = (tx?: Executor) => Promise<ShowNameSettings>;

/**
 * Writes the portal's messages in the recipient's language and hands them to the right channel. Every
 * message names the show by the name the organizers set, as the pages do
 * (docs/decisions/0915-the-show-s-one-name-and-a-ticket.md).
 */
export class Messenger {
  constructor(
    private readonly channels: { email: EmailChannel; sms: SmsChannel },
    private readonly showNames: ShowNames,
  ) {}

  /** The show's name in `locale`: the other language's while one is empty, a neutral word while both are. */
  private async show(locale: Locale, tx?: Executor): Promise<string> {
    return showNameIn(await this.showNames(tx), locale) ?? translate(locale, 'showNameUnset', {}, MESSAGES);
  }

  async sendVerificationCode(to: { kind: IdentityKind; value: string }, code: string, validMinutes: number, locale: Locale) {
    const params = { code, minutes: validMinutes, show: await this.show(locale) };
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
        params: { show: params.show, code, minutes: String(validMinutes) },
        locale,
        text: translate(locale, 'verificationCodeSms', params, MESSAGES),
      });
    }
  }

  /**
   * The messages telling a visitor that the application was approved or refused: an email to `email`
   * and an SMS to `mobile` (either may be absent), in the visitor's language, ready for the notice outbox.
   */
  async applicationReviewed(
    tx: Executor,
    to: { email: string | null; mobile: string | null },
    review: { outcome: 'approved' | 'refused'; name: string; visitDays: readonly string[]; reason: string | null },
    locale: Locale,
  ): Promise<OutgoingMessage[]> {
    const prefix = review.outcome === 'approved' ? 'applicationApproved' : 'applicationRefused';
    const show = await this.show(locale, tx);
    const params = { show, name: review.name, days: review.visitDays.join(', '), reason: review.reason ?? '' };
    const messages: OutgoingMessage[] = [];
    if (to.email) {
      messages.push({ kind: 'email', to: to.email, subject: translate(locale, `${prefix}Subject`, params, MESSAGES), text: translate(locale, `${prefix}Email`, params, MESSAGES) });
    }
    if (to.mobile) {
      // Template parameters stay short (providers cap each at a few dozen characters): the reason goes by email only.
      const smsParams: Record<string, string> = review.outcome === 'approved' ? { show, name: review.name, days: params.days } : { show, name: review.name };
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
   * The messages telling an exhibitor that a catalog entry, banner or product application was approved
   * or rejected: an email and an SMS to each address given, in the exhibitor's language.
   */
  async submissionReviewed(
    tx: Executor,
    to: ReadonlyArray<{ email: string | null; mobile: string | null }>,
    review: { outcome: 'approved' | 'rejected'; kind: 'catalog' | 'banner' | 'product'; title: string; reason: string | null },
    locale: Locale,
  ): Promise<OutgoingMessage[]> {
    const prefix = review.outcome === 'approved' ? 'submissionApproved' : 'submissionRejected';
    const kind = translate(locale, `submissionKind_${review.kind}`, {}, MESSAGES);
    const show = await this.show(locale, tx);
    const params = { show, kind, title: review.title, reason: review.reason ?? '' };
    return to.flatMap(({ email, mobile }) => {
      const messages: OutgoingMessage[] = [];
      if (email) messages.push({ kind: 'email', to: email, subject: translate(locale, `${prefix}Subject`, params, MESSAGES), text: translate(locale, `${prefix}Email`, params, MESSAGES) });
      if (mobile) {
        messages.push({
          kind: 'sms',
          to: mobile,
          template: review.outcome === 'approved' ? 'submission_approved' : 'submission_rejected',
          params: { show, kind },
          locale,
          text: translate(locale, `${prefix}Sms`, params, MESSAGES),
        });
      }
      return messages;
    });
  }

  /**
   * The messages telling an exhibitor that a staff badge was approved or rejected: an email and an SMS
   * to the account that applied (either may be absent), ready for the notice outbox.
   */
  async badgeReviewed(
    tx: Executor,
    to: { email: string | null; mobile: string | null },
    review: { outcome: 'approved' | 'rejected'; name: string; reason: string | null },
    locale: Locale,
  ): Promise<OutgoingMessage[]> {
    const prefix = review.outcome === 'approved' ? 'badgeApproved' : 'badgeRejected';
    const show = await this.show(locale, tx);
    return this.emailAndSms(to, { prefix, params: { show, name: review.name, reason: review.reason ?? '' }, template: review.outcome === 'approved' ? 'badge_approved' : 'badge_rejected', smsParams: { show, name: review.name } }, locale);
  }

  /** The messages telling a self-registered company that the organizer approved it (it may apply from now on). */
  async exhibitorApproved(tx: Executor, to: { email: string | null; mobile: string | null }, company: string, locale: Locale): Promise<OutgoingMessage[]> {
    const show = await this.show(locale, tx);
    return this.emailAndSms(to, { prefix: 'exhibitorApproved', params: { show, company }, template: 'exhibitor_approved', smsParams: { show } }, locale);
  }

  /** A company's order of extra badges marked paid (the new badge limit) or refused (the reason). */
  async extraBadgesDecided(
    tx: Executor,
    to: { email: string | null; mobile: string | null },
    order: { company: string; quantity: number; outcome: 'paid' | 'refused'; limit: number; reason: string | null },
    locale: Locale,
  ): Promise<OutgoingMessage[]> {
    const show = await this.show(locale, tx);
    const params = { show, company: order.company, quantity: String(order.quantity), limit: String(order.limit), reason: order.reason ?? '' };
    const prefix = order.outcome === 'paid' ? 'extraBadgesPaid' : 'extraBadgesRefused';
    return this.emailAndSms(to, { prefix, params, template: order.outcome === 'paid' ? 'extra_badges_paid' : 'extra_badges_refused', smsParams: params }, locale);
  }

  /**
   * The messages telling a visitor that a seat on a full day's waitlist is held for them until `until`
   * (an instant, written in Beijing time): confirm it on the visit dates page before then.
   */
  async waitlistOffered(tx: Executor, to: { email: string | null; mobile: string | null }, offer: { name: string; day: string; until: Date }, locale: Locale): Promise<OutgoingMessage[]> {
    const show = await this.show(locale, tx);
    const until = beijingMinute(offer.until);
    const params = { show, name: offer.name, day: offer.day, until };
    return this.emailAndSms(to, { prefix: 'waitlistOffered', params, template: 'waitlist_offered', smsParams: { show, name: offer.name, day: offer.day, until } }, locale);
  }

  /** The seat offered to a visitor went to the next in line: their confirmation window passed. */
  async waitlistLapsed(tx: Executor, to: { email: string | null; mobile: string | null }, lapse: { name: string; day: string }, locale: Locale): Promise<OutgoingMessage[]> {
    const show = await this.show(locale, tx);
    const params = { show, name: lapse.name, day: lapse.day };
    return this.emailAndSms(to, { prefix: 'waitlistLapsed', params, template: 'waitlist_lapsed', smsParams: params }, locale);
  }

  /** The agent of a new group is told where to import its members (the visitor area, signed in with this mobile). */
  async groupAgentNamed(tx: Executor, to: { email: string | null; mobile: string | null }, group: { group: string; limit: number; link: string }, locale: Locale): Promise<OutgoingMessage[]> {
    const show = await this.show(locale, tx);
    const params = { show, group: group.group, limit: String(group.limit), link: group.link };
    return this.emailAndSms(to, { prefix: 'groupAgentNamed', params, template: 'group_agent_named', smsParams: params }, locale);
  }

  /**
   * A member of an agent's group is asked to confirm their own entry: sign in with this mobile at `link`, type
   * their ID number, give their own consents and photos.
   */
  async groupInvited(tx: Executor, to: { email: string | null; mobile: string | null }, invitation: { name: string; group: string; link: string }, locale: Locale): Promise<OutgoingMessage[]> {
    const show = await this.show(locale, tx);
    const params = { show, name: invitation.name, group: invitation.group, link: invitation.link };
    return this.emailAndSms(to, { prefix: 'groupInvited', params, template: 'group_invited', smsParams: params }, locale);
  }

  /** An email (`<prefix>Subject`, `<prefix>Email`) and an SMS (`<prefix>Sms`) to whichever address is given. */
  private emailAndSms(
    to: { email: string | null; mobile: string | null },
    message: { prefix: string; params: Record<string, string>; template: SmsTemplate; smsParams: Record<string, string> },
    locale: Locale,
  ): OutgoingMessage[] {
    const text = (key: string) => translate(locale, `${message.prefix}${key}`, message.params, MESSAGES);
    const messages: OutgoingMessage[] = [];
    if (to.email) messages.push({ kind: 'email', to: to.email, subject: text('Subject'), text: text('Email') });
    if (to.mobile) messages.push({ kind: 'sms', to: to.mobile, template: message.template, params: message.smsParams, locale, text: text('Sms') });
    return messages;
  }

  /** Hands a written message to its channel; resolves once the carrier accepted it, else throws. */
  deliver(message: OutgoingMessage): Promise<void> {
    return message.kind === 'email' ? this.channels.email.send(message) : this.channels.sms.send(message);
  }
}

/** YYYY-MM-DD HH:mm in Beijing time (the show's zone, whatever the server's). */
function beijingMinute(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The channel of production when none is configured: refuses every message, and never writes its text anywhere. */
class UnconfiguredChannel implements MessageChannel<OutgoingMessage> {
  constructor(private readonly kind: OutgoingMessage['kind']) {}

  async send(): Promise<void> {
    throw new Error(`no ${this.kind === 'email' ? 'SMTP_URL' : 'SMS_PROVIDER'} configured: the message was not sent`);
  }
}

/**
 * Email over SMTP when SMTP_URL is set; SMS through SMS_PROVIDER; the dev outbox otherwise, outside
 * production only. In production a missing channel refuses its messages ("Failed to send the code"),
 * so that no code or notice ever reaches the log, and start-up says so.
 */
export function createMessenger(config: Config, db: Database, logger: FastifyBaseLogger, showNames: ShowNames): Messenger {
  const production = config.NODE_ENV === 'production';
  const fallback = (kind: OutgoingMessage['kind']) => (production ? new UnconfiguredChannel(kind) : new DevOutboxChannel(db, logger));
  const email = config.SMTP_URL ? new SmtpEmailChannel(config.SMTP_URL, config.MAIL_FROM) : fallback('email');
  const smsChannels: Record<Config['SMS_PROVIDER'], SmsChannel> = { outbox: fallback('sms') };
  const missing = [!config.SMTP_URL && 'email (set SMTP_URL)', config.SMS_PROVIDER === 'outbox' && 'SMS (set SMS_PROVIDER)'].filter(Boolean);
  if (production && missing.length) {
    logger.error(`No delivery channel for ${missing.join(' and ')}: verification codes and review notices by that way are refused, never logged`);
  }
  return new Messenger({ email, sms: smsChannels[config.SMS_PROVIDER] }, showNames);
}
