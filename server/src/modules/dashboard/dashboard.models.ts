/** The parent of the `Dashboard` fields: who asks, and when. */
export interface DashboardModel {
  generatedAt: Date;
}
