import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** The project section (SPEC 2, 6): ROLE_PROJECT only — the super admin is not listed. */
export function requireProjectOrganizer<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.project);
}
