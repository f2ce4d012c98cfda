import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { SubmissionTableQueries, type PendingSubmission } from '../../lib/submission-tables';
import type { CatalogEntryModel, CatalogEntryValues } from './catalog.models';
import { catalogEntries, catalogStatusHistory } from './catalog.tables';

export const catalogQueries = new SubmissionTableQueries<CatalogEntryModel>(catalogEntries, catalogStatusHistory);

export function findCatalogEntryById(db: Executor, id: string) {
  return db.query.catalogEntries.findFirst({ where: eq(catalogEntries.id, id) });
}

/** The company's entry, locked for an edit when `lock` (one entry per company: the edit re-checks its state). */
export async function findCatalogEntryOfExhibitor(db: Executor, exhibitorId: string, lock = false) {
  const query = db.select().from(catalogEntries).where(eq(catalogEntries.exhibitorId, exhibitorId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function findCatalogEntryByLogo(db: Executor, photoId: string) {
  return db.query.catalogEntries.findFirst({ where: eq(catalogEntries.logoPhotoId, photoId) });
}

/** Files the entry, or — when the company already has one — replaces its values and sends it back to review. */
export async function upsertCatalogEntry(db: Executor, exhibitorId: string, values: CatalogEntryValues, review: PendingSubmission) {
  const pending = { ...values, ...review, updatedAt: review.submittedAt };
  const [row] = await db
    .insert(catalogEntries)
    .values({ exhibitorId, ...pending })
    .onConflictDoUpdate({ target: catalogEntries.exhibitorId, set: pending })
    .returning();
  if (!row) throw new Error('upsert of a catalog entry returned no row');
  return row;
}
