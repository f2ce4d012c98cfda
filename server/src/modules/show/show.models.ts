import type { channels, projectSettings, showDays } from './show.tables';

/** `project` has no row of its own: its fields resolve from the settings. */
export type ProjectModel = Record<string, never>;
export type ProjectSettingModel = typeof projectSettings.$inferSelect;
/** An exhibition day with its capacity and registration deadline (Asia/Shanghai). */
export type ShowDayModel = typeof showDays.$inferSelect;
export type ChannelModel = typeof channels.$inferSelect;
