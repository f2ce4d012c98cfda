import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { audienceVisitDates, channels, photos } from '../db/schema/index';
import type { ChannelModel, PhotoModel, VisitDateModel } from './models';

/**
 * Per-request batching of the fields a list asks for on every row: one query per field for a page
 * of 20 or 100 applications instead of one per row.
 */
export function createLoaders(db: Database) {
  return {
    visitDatesByAudience: new DataLoader<string, VisitDateModel[]>(async (audienceIds) => {
      const rows = await db.select().from(audienceVisitDates).where(inArray(audienceVisitDates.audienceId, [...audienceIds])).orderBy(audienceVisitDates.day);
      return audienceIds.map((id) => rows.filter((row) => row.audienceId === id));
    }),
    channel: new DataLoader<string, ChannelModel | null>(async (ids) => {
      const rows = await db.select().from(channels).where(inArray(channels.id, [...ids]));
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
    photo: new DataLoader<string, PhotoModel | null>(async (ids) => {
      const rows = await db.select().from(photos).where(inArray(photos.id, [...ids]));
      return ids.map((id) => rows.find((row) => row.id === id) ?? null);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
