import type { reviewJobs } from './review.tables';

/** A review job as stored and as GraphQL `ReviewJob` reads it. */
export type ReviewJobModel = typeof reviewJobs.$inferSelect;
