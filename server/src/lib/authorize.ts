import { satisfiesRoleRule, type RoleRule, type Scope } from '@portal/shared/auth/scopes';
import { AppError } from './app-error';
import type { Viewer } from './viewer';

/** The signed-in viewer, or UNAUTHENTICATED. */
export function requireViewer<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}

/** The signed-in viewer of the given scope, or FORBIDDEN. */
export function requireScope<TViewer extends Viewer>(viewer: TViewer | undefined, scope: Scope): TViewer {
  const found = requireViewer(viewer);
  if (found.scope !== scope) throw new AppError('FORBIDDEN');
  return found;
}

/** Whether the viewer is an organizer whose roles satisfy the rule (all-of / any-of). */
export function hasOrganizerRoles(viewer: Viewer | undefined, rule: RoleRule): boolean {
  return viewer?.scope === 'organizer' && satisfiesRoleRule(viewer.roles, rule);
}

/** An organizer whose roles satisfy the rule, or UNAUTHENTICATED / FORBIDDEN. */
export function requireOrganizerRoles<TViewer extends Viewer>(viewer: TViewer | undefined, rule: RoleRule): TViewer {
  const found = requireScope(viewer, 'organizer');
  if (!hasOrganizerRoles(found, rule)) throw new AppError('FORBIDDEN');
  return found;
}
