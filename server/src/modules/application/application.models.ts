import type { audienceStatusHistory, audienceVisitDates, audiences } from './application.tables';

/** The visitor's application (SPEC 3 "Audience registration"), one per visitor account. */
export type ApplicationRow = typeof audiences.$inferSelect;
/** `revealed`: set by the organizer's audited detail query, which alone shows the full ID number. */
export type AudienceModel = ApplicationRow & { revealed?: boolean };
export type VisitDateModel = typeof audienceVisitDates.$inferSelect;
export type AudienceStatusChangeModel = typeof audienceStatusHistory.$inferSelect;
/** The organizer's decisions on an application (DESIGN §6). */
export type ReviewDecision = 'approve' | 'refuse';
