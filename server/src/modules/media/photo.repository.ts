import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { photos } from './media.tables';

export async function insertPhoto(db: Executor, values: typeof photos.$inferInsert) {
  const [row] = await db.insert(photos).values(values).returning();
  if (!row) throw new Error('insert into photos returned no row');
  return row;
}

export function findPhotoById(db: Executor, id: string) {
  return db.query.photos.findFirst({ where: eq(photos.id, id) });
}

export function findPhotosByIds(db: Executor, ids: readonly string[]) {
  return db.select().from(photos).where(inArray(photos.id, [...ids]));
}

/** Keeps a photo's face descriptor ([] where the picture holds no single face to describe); never for a counter-check photo. */
export async function setFaceDescriptor(db: Executor, id: string, descriptor: number[]) {
  await db
    .update(photos)
    .set({ faceDescriptor: descriptor })
    .where(and(eq(photos.id, id), eq(photos.counterCheck, false)));
}

/** The photos' people chose the counter check: their face data goes, and the mark keeps any from coming back. */
export async function markCounterCheck(tx: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx
    .update(photos)
    .set({ counterCheck: true, faceDescriptor: null, faceRatio: null })
    .where(inArray(photos.id, [...ids]));
}

/** Deletes one photo row; returns its file key (none when it was already gone). */
export async function deletePhotoById(tx: Executor, id: string) {
  const rows = await tx.delete(photos).where(eq(photos.id, id)).returning({ key: photos.storageKey });
  return rows.map((row) => row.key);
}

/** Deletes every photo row of the owners; returns the file keys to delete once the transaction commits. */
export async function deletePhotosOfOwners(tx: Executor, ownerIds: readonly string[]) {
  if (ownerIds.length === 0) return [];
  const rows = await tx.delete(photos).where(inArray(photos.ownerId, [...ownerIds])).returning({ key: photos.storageKey });
  return rows.map((row) => row.key);
}
