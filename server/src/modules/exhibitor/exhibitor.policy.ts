import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { hasOrganizerRoles, requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** Organizers of the exhibitor section (ROLE_SUPER_ADMIN or ROLE_EXHIBITOR) manage the companies and their accounts. */
export function requireExhibitorManager<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.exhibitor);
}

export function isExhibitorManager(viewer: Viewer | undefined): boolean {
  return hasOrganizerRoles(viewer, SECTION_RULES.exhibitor);
}
