import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** Staff accounts and their roles are the super administrator's (the `system` section). */
export function requireStaffManager<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.system);
}
