import { satisfiesRoleRule, type RoleRule, type Scope } from '@portal/shared/auth/scopes';
import type { GraphQLContext } from '../graphql/context';
import type { AccountModel } from '../graphql/models';
import { AppError } from './app-error';

/** The signed-in account, or UNAUTHENTICATED. */
export function requireViewer(context: GraphQLContext): AccountModel {
  if (!context.viewer) throw new AppError('UNAUTHENTICATED');
  return context.viewer;
}

/** The signed-in account of the given scope, or FORBIDDEN. */
export function requireScope(context: GraphQLContext, scope: Scope): AccountModel {
  const viewer = requireViewer(context);
  if (viewer.scope !== scope) throw new AppError('FORBIDDEN');
  return viewer;
}

/** An organizer whose roles satisfy the rule (all-of / any-of), read from the database, never the client. */
export async function requireOrganizerRoles(context: GraphQLContext, rule: RoleRule): Promise<AccountModel> {
  const viewer = requireScope(context, 'organizer');
  const roles = await context.services.accounts.rolesOf(viewer.id);
  if (!satisfiesRoleRule(roles.map((role) => role.id), rule)) throw new AppError('FORBIDDEN');
  return viewer;
}
