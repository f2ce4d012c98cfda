import type { catalogEntries } from './catalog.tables';

/** GraphQL CatalogEntry. */
export type CatalogEntryModel = typeof catalogEntries.$inferSelect;
export type CatalogEntryValues = Omit<typeof catalogEntries.$inferInsert, 'id' | 'exhibitorId' | 'status' | 'rejectReason' | 'submittedAt' | 'decidedAt' | 'decidedBy' | 'updatedAt'>;
