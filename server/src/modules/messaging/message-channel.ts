import type { Locale } from '@portal/shared/i18n/locales';

export interface EmailMessage {
  kind: 'email';
  to: string;
  subject: string;
  text: string;
}

/**
 * Templates an SMS provider must know. Mainland providers (Aliyun, Tencent Cloud and the like) only
 * send texts from templates approved in advance, filled with named parameters, under a registered
 * signature; so a message names its template and parameters, and also carries the rendered text
 * for providers that take free text and for the dev outbox.
 */
export type SmsTemplate = 'verification_code' | 'application_approved' | 'application_refused' | 'submission_approved' | 'submission_rejected' | 'badge_approved' | 'badge_rejected' | 'exhibitor_approved' | 'waitlist_offered' | 'waitlist_lapsed' | 'group_invited' | 'group_agent_named' | 'extra_badges_paid' | 'extra_badges_refused';

export interface SmsMessage {
  kind: 'sms';
  /** E.164, e.g. +8613800000000. */
  to: string;
  template: SmsTemplate;
  params: Record<string, string>;
  locale: Locale;
  text: string;
}

export type OutgoingMessage = EmailMessage | SmsMessage;

/** One way of delivering one kind of message; resolves once the carrier accepted it, else throws. */
export interface MessageChannel<TMessage extends OutgoingMessage> {
  send(message: TMessage): Promise<void>;
}

export type EmailChannel = MessageChannel<EmailMessage>;
/** A real SMS provider plugs in by implementing this and adding its name to SMS_PROVIDER. */
export type SmsChannel = MessageChannel<SmsMessage>;
