import type { badges } from './badge.tables';

/** The resolver parent of GraphQL `Badge`. `revealed`: the organizer's audited detail (full ID number). */
export type BadgeRow = typeof badges.$inferSelect;
export type BadgeModel = BadgeRow & { revealed?: boolean };
export type NewBadge = typeof badges.$inferInsert;

/** The resolver parent of GraphQL `BadgeTicket`. */
export interface BadgeTicketModel {
  badge: BadgeRow;
  token: string;
}
