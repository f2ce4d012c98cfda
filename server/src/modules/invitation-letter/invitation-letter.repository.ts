import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LetterHolderKind, LetterStatus } from '@portal/shared/invitation-letter/invitation-letter.schema';
import type { Executor } from '../../db/client';
import { invitationLetters, letterTemplates } from './invitation-letter.tables';

import type { InvitationLetterRow, LetterTemplateRow } from './invitation-letter.models';

export type { InvitationLetterRow, LetterTemplateRow };

/** The unique index that holds one open (PENDING or ISSUED) letter per holder. */
export const OPEN_LETTER_UNIQUE = 'invitation_letters_open_unique';

/** A holder's open letter locked: a second request waits for the first, then sees it. */
export async function lockOpenLetter(tx: Executor, holderKind: LetterHolderKind, subjectId: string) {
  const [row] = await tx
    .select({ id: invitationLetters.id })
    .from(invitationLetters)
    .where(and(eq(invitationLetters.holderKind, holderKind), eq(invitationLetters.subjectId, subjectId), inArray(invitationLetters.status, ['PENDING', 'ISSUED'])))
    .for('update');
  return row;
}

export async function insertLetter(tx: Executor, values: typeof invitationLetters.$inferInsert) {
  const [row] = await tx.insert(invitationLetters).values(values).returning();
  return row as InvitationLetterRow;
}

export async function findLetter(db: Executor, id: string) {
  const [row] = await db.select().from(invitationLetters).where(eq(invitationLetters.id, id));
  return row;
}

export function findLetters(db: Executor, ids: readonly string[]) {
  return db.select({ id: invitationLetters.id, holderName: invitationLetters.holderName }).from(invitationLetters).where(inArray(invitationLetters.id, [...ids]));
}

export async function lockLetter(tx: Executor, id: string) {
  const [row] = await tx.select().from(invitationLetters).where(eq(invitationLetters.id, id)).for('update');
  return row;
}

export async function updateLetter(tx: Executor, id: string, values: Partial<typeof invitationLetters.$inferInsert>) {
  const [row] = await tx.update(invitationLetters).set(values).where(eq(invitationLetters.id, id)).returning();
  return row as InvitationLetterRow;
}

/** A holder's letters, newest first. */
export function lettersOfHolder(db: Executor, holderKind: LetterHolderKind, subjectId: string) {
  return db
    .select()
    .from(invitationLetters)
    .where(and(eq(invitationLetters.holderKind, holderKind), eq(invitationLetters.subjectId, subjectId)))
    .orderBy(desc(invitationLetters.requestedAt), desc(invitationLetters.id));
}

/** A company's staff letters, newest first. */
export function lettersOfExhibitor(db: Executor, exhibitorId: string, limit: number) {
  return db.select().from(invitationLetters).where(eq(invitationLetters.exhibitorId, exhibitorId)).orderBy(desc(invitationLetters.requestedAt), desc(invitationLetters.id)).limit(limit);
}

/** The organizers' queue: the kinds they decide, a state or all, oldest request first among pending ones. */
export function queue(db: Executor, kinds: readonly LetterHolderKind[], status: LetterStatus | null | undefined, limit: number) {
  const conditions = [inArray(invitationLetters.holderKind, [...kinds])];
  if (status) conditions.push(eq(invitationLetters.status, status));
  return db
    .select()
    .from(invitationLetters)
    .where(and(...conditions))
    .orderBy(status === 'PENDING' ? invitationLetters.requestedAt : desc(invitationLetters.requestedAt), invitationLetters.id)
    .limit(limit);
}

/**
 * PIPL: the holders' letters lose their personal data and copied texts; an open one is revoked. Answers
 * the letters erased.
 */
export function eraseLettersOf(tx: Executor, holderKind: LetterHolderKind, subjectIds: readonly string[], at: Date) {
  return tx
    .update(invitationLetters)
    .set({
      status: sql`case when ${invitationLetters.status} in ('PENDING', 'ISSUED') then 'REVOKED' else ${invitationLetters.status} end`,
      revokedAt: sql`case when ${invitationLetters.status} = 'ISSUED' then ${at} else ${invitationLetters.revokedAt} end`,
      holderName: null,
      passportNumber: null,
      nationality: null,
      birthDate: null,
      passportExpiry: null,
      company: null,
      bodyZh: null,
      bodyEn: null,
      refuseReason: null,
      revokeReason: null,
      erasedAt: at,
    })
    .where(and(eq(invitationLetters.holderKind, holderKind), inArray(invitationLetters.subjectId, [...subjectIds]), isNull(invitationLetters.erasedAt)))
    .returning({ id: invitationLetters.id });
}

export async function findTemplate(db: Executor) {
  const [row] = await db.select().from(letterTemplates).where(eq(letterTemplates.id, 1));
  return row;
}

/** The template locked for its save (a first save locks nothing: the insert's key decides). */
export async function lockTemplate(tx: Executor) {
  const [row] = await tx.select().from(letterTemplates).where(eq(letterTemplates.id, 1)).for('update');
  return row;
}

export async function saveTemplate(tx: Executor, values: Omit<typeof letterTemplates.$inferInsert, 'id'>) {
  const [row] = await tx.insert(letterTemplates).values({ id: 1, ...values }).onConflictDoUpdate({ target: letterTemplates.id, set: values }).returning();
  return row as LetterTemplateRow;
}

/** Whether a picture is the template's letterhead or signature (who may open it). */
export async function templateUsingPhoto(db: Executor, photoId: string) {
  const [row] = await db
    .select({ id: letterTemplates.id })
    .from(letterTemplates)
    .where(sql`${letterTemplates.letterheadPhotoId} = ${photoId} or ${letterTemplates.signaturePhotoId} = ${photoId}`)
    .limit(1);
  return row;
}
