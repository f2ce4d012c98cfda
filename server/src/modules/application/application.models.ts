import type { ChannelModel } from '../show/show.models';
import type { audienceStatusHistory, audienceVisitDates, audiences } from './application.tables';

/** The visitor's application (SPEC 3 "Audience registration"), one per visitor account. */
export type ApplicationRow = typeof audiences.$inferSelect;
export type VisitDateModel = typeof audienceVisitDates.$inferSelect;
/**
 * `revealed`: set by the organizer's audited detail query, which alone shows the full ID number.
 * `alongside`: what the list's page statement read with the row; its fields then need no loader.
 */
export type AudienceModel = ApplicationRow & { revealed?: boolean; alongside?: { visitDates: VisitDateModel[]; channel: ChannelModel | null } };
export type AudienceStatusChangeModel = typeof audienceStatusHistory.$inferSelect;
/** The organizer's decisions on an application (DESIGN §6). */
export type ReviewDecision = 'approve' | 'refuse';
