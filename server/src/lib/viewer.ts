import type { Role, Scope } from '@portal/shared/auth/scopes';

/**
 * Who is asking, as every policy sees it: the signed-in account's id, scope and roles, read from the
 * database when the request starts (never from what the client sends). GraphQL resolvers, REST routes
 * and — with a device instead of a person — the device API build one and hand it to the same policies.
 */
export interface Viewer {
  readonly id: string;
  readonly scope: Scope;
  /** An organizer's roles; empty for visitors and exhibitors. */
  readonly roles: readonly Role[];
}
