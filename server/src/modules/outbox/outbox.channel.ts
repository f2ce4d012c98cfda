import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { MessageChannel, OutgoingMessage } from '../messaging/message-channel';
import { insertOutboxMessage } from './outbox.repository';

/**
 * The default delivery of development and tests: the message is kept in outbox_messages (read back
 * through GET /apis/dev/outbox) and printed to the log, so a developer can sign in without a carrier.
 */
export class OutboxChannel implements MessageChannel<OutgoingMessage> {
  constructor(
    private readonly db: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const subject = message.kind === 'email' ? message.subject : null;
    await insertOutboxMessage(this.db, { channel: message.kind, recipient: message.to, subject, body: message.text });
    this.logger.info({ channel: message.kind, recipient: message.to, subject }, `dev outbox → ${message.to}: ${message.text}`);
  }
}
