import type {
  accounts,
  admissions,
  audienceStatusHistory,
  audienceVisitDates,
  audiences,
  channels,
  exhibitors,
  photos,
  projectSettings,
} from '../db/schema/index';

/** What resolvers receive as parents: the database rows, or small shapes built from them. */
export type AccountModel = typeof accounts.$inferSelect;
export type ExhibitorModel = typeof exhibitors.$inferSelect;
/** `revealed`: set by the organizer's detail query, which alone shows the full ID number (audited). */
export type AudienceModel = typeof audiences.$inferSelect & { revealed?: boolean };
export type PhotoModel = typeof photos.$inferSelect;
export type ChannelModel = typeof channels.$inferSelect;
export type VisitDateModel = typeof audienceVisitDates.$inferSelect;
export type AdmissionModel = typeof admissions.$inferSelect;
export type ProjectSettingModel = typeof projectSettings.$inferSelect;
export type AudienceStatusChangeModel = typeof audienceStatusHistory.$inferSelect & { actorName: string | null };
export interface ShowDayModel {
  day: string;
  capacity: number;
  deadline: Date;
  remaining: number;
}
export interface TicketModel {
  audience: AudienceModel;
  token: string;
}

/** `project` has no row of its own: its fields resolve from the settings. */
export type ProjectModel = Record<string, never>;
