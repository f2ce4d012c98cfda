import type { accounts, audiences, exhibitors } from '../db/schema/index';

/** What resolvers receive as parents: the database rows. */
export type AccountModel = typeof accounts.$inferSelect;
export type ExhibitorModel = typeof exhibitors.$inferSelect;
export type AudienceModel = typeof audiences.$inferSelect;

/** `project` has no row of its own: its fields resolve from the settings. */
export type ProjectModel = Record<string, never>;
