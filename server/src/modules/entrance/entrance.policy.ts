import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** Entrance devices and their tokens are the hardware section's (ROLE_HARDWARE only, SPEC §2). */
export function requireHardwareManager<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.hardware);
}
