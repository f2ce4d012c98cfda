import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { SubmissionTableQueries, type PendingSubmission } from '../../lib/submission-tables';
import type { BannerApplicationModel, BannerValues, PlacementValues } from './banner.models';
import { bannerApplications, bannerPlacements, bannerStatusHistory } from './banner.tables';

export const bannerQueries = new SubmissionTableQueries<BannerApplicationModel>(bannerApplications, bannerStatusHistory);

export async function findBannerById(db: Executor, id: string, lock = false) {
  const query = db.select().from(bannerApplications).where(eq(bannerApplications.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function findBannerByPicture(db: Executor, photoId: string) {
  return db.query.bannerApplications.findFirst({ where: eq(bannerApplications.pictureId, photoId) });
}

export async function insertBanner(db: Executor, exhibitorId: string, values: BannerValues, review: PendingSubmission) {
  const [row] = await db.insert(bannerApplications).values({ exhibitorId, ...values, ...review }).returning();
  if (!row) throw new Error('insert into banner_applications returned no row');
  return row;
}

export async function updateBanner(db: Executor, id: string, values: BannerValues, review: PendingSubmission) {
  const [row] = await db
    .update(bannerApplications)
    .set({ ...values, ...review })
    .where(eq(bannerApplications.id, id))
    .returning();
  if (!row) throw new Error('update of a locked banner application returned no row');
  return row;
}

export function listPlacements(db: Executor) {
  return db.select().from(bannerPlacements).orderBy(asc(bannerPlacements.sortOrder), asc(bannerPlacements.createdAt));
}

export function findPlacementById(db: Executor, id: string) {
  return db.query.bannerPlacements.findFirst({ where: eq(bannerPlacements.id, id) });
}

export async function countPlacements(db: Executor) {
  const [row] = await db.select({ total: count() }).from(bannerPlacements);
  return row?.total ?? 0;
}

export async function insertPlacements(db: Executor, rows: ReadonlyArray<PlacementValues & { sortOrder: number }>) {
  return db.insert(bannerPlacements).values([...rows]).returning();
}

export async function updatePlacement(db: Executor, id: string, values: PlacementValues) {
  const [row] = await db.update(bannerPlacements).set(values).where(eq(bannerPlacements.id, id)).returning();
  return row;
}
