import type { GroupMemberState } from '@portal/shared/visitor-group/visitor-group';
import type { visitorGroupMembers, visitorGroups } from './visitor-group.tables';

export type GroupRow = typeof visitorGroups.$inferSelect;
export type GroupMemberRow = typeof visitorGroupMembers.$inferSelect;

/** A group with how far its members are. */
export interface VisitorGroupModel extends GroupRow {
  members: number;
  joined: number;
  /** Applications submitted in the group, and of them waiting for review and approved. */
  submitted: number;
  waiting: number;
  approved: number;
}

/** A member with where they are: the agent's entry, their confirmation, then their application's state. */
export interface VisitorGroupMemberModel extends GroupMemberRow {
  state: GroupMemberState;
  applicationId: string | null;
}
