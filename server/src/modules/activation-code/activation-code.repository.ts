import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activationCodes } from './activation-code.tables';
import type { ActivationCodeStatus } from './activation-code.models';

export async function lockActivationCode(tx: Executor, code: string) {
  const [row] = await tx.select().from(activationCodes).where(eq(activationCodes.code, code)).for('update');
  return row;
}

export async function setActivationCodeStatus(tx: Executor, ids: readonly string[], status: ActivationCodeStatus) {
  if (ids.length === 0) return;
  await tx
    .update(activationCodes)
    .set({ status, boundAt: status === 'BOUND' ? new Date() : null })
    .where(inArray(activationCodes.id, [...ids]));
}

export async function insertActivationCodes(db: Executor, codes: readonly string[], batch: string | null) {
  if (codes.length === 0) return 0;
  const rows = await db
    .insert(activationCodes)
    .values(codes.map((code) => ({ code, batch })))
    .onConflictDoNothing()
    .returning({ id: activationCodes.id });
  return rows.length;
}

export async function findActivationCodeValue(db: Executor, id: string) {
  const [row] = await db.select({ code: activationCodes.code }).from(activationCodes).where(eq(activationCodes.id, id));
  return row?.code ?? null;
}

export async function listUnusedActivationCodes(db: Executor, limit: number) {
  const rows = await db
    .select({ code: activationCodes.code })
    .from(activationCodes)
    .where(eq(activationCodes.status, 'UNUSED'))
    .orderBy(activationCodes.code)
    .limit(limit);
  return rows.map((row) => row.code);
}
