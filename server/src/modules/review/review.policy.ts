import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** Organizers who review visitor applications (SPEC 2 /wo/audience): the list, the detail, decisions, the export. */
export function requireReviewer<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.audience);
}

/** Erasing personal data cannot be undone: the super administrator only (docs/decisions/0705-organizer-erasure.md). */
export function requireEraser<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, { allOf: ['ROLE_SUPER_ADMIN'] });
}
