import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { photos } from '../../db/schema/index';

export type PhotoRow = typeof photos.$inferSelect;

export async function insertPhoto(db: Executor, values: typeof photos.$inferInsert) {
  const [row] = await db.insert(photos).values(values).returning();
  if (!row) throw new Error('insert into photos returned no row');
  return row;
}

export function findPhotoById(db: Executor, id: string) {
  return db.query.photos.findFirst({ where: eq(photos.id, id) });
}

/** Whether an application references the photo (then audience reviewers may see it). */
export async function isApplicationPhoto(db: Executor, photoId: string) {
  const row = await db.query.audiences.findFirst({
    columns: { id: true },
    where: (audience, { or }) => or(eq(audience.entryPhotoId, photoId), eq(audience.idPhotoId, photoId)),
  });
  return Boolean(row);
}
