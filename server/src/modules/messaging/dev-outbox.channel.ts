import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { MessageChannel, OutgoingMessage } from './message-channel';
import { insertOutboxMessage } from './dev-outbox.repository';

/**
 * The delivery of development and tests (never production: createMessenger refuses it there). The
 * message is kept in outbox_messages and printed to the server log, so that a developer at the
 * console can sign in without a carrier. No HTTP endpoint reads it back
 * (docs/decisions/0106-dev-outbox.md): whoever can read the log or the database already owns the machine.
 */
export class DevOutboxChannel implements MessageChannel<OutgoingMessage> {
  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const subject = message.kind === 'email' ? message.subject : null;
    await insertOutboxMessage(this.db, { channel: message.kind, recipient: message.to, subject, body: message.text });
    this.logger.info({ devOutbox: true, channel: message.kind, recipient: message.to, subject }, `dev outbox: ${message.text}`);
  }
}
