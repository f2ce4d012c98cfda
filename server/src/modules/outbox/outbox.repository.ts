import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxMessages } from './outbox.tables';

export type OutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: Executor, message: OutboxMessage) {
  await db.insert(outboxMessages).values(message);
}

export function latestOutboxMessages(db: Executor, recipient: string | undefined, limit: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}
