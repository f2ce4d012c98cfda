import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { hasOrganizerRoles, requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** The ticket office (/wo/ticket/list): ROLE_SUPER_ADMIN or ROLE_TICKET. */
export function requireTicketOffice<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.ticket);
}

export function isTicketOffice(viewer: Viewer | undefined): boolean {
  return hasOrganizerRoles(viewer, SECTION_RULES.ticket);
}
