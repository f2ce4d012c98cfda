import type { photos } from './media.tables';

/** A checked, re-encoded picture in the file store. */
export type PhotoModel = typeof photos.$inferSelect;
export type PhotoPurpose = PhotoModel['purpose'];
