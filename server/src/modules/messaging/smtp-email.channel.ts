import { createTransport } from 'nodemailer';
import type { EmailChannel, EmailMessage } from './message-channel';

/** Email over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com), sent from MAIL_FROM. */
export class SmtpEmailChannel implements EmailChannel {
  private readonly transport;

  constructor(smtpUrl: string, from: string) {
    // Short timeouts: the caller is waiting for its verification code and gets a clear failure instead.
    this.transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }, { from });
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
  }
}
