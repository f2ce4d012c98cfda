import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { hasOrganizerRoles, requireScope } from '../../lib/authorize';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';

/** The entrance room is the gate's: the ticket section's organizers and the hardware section's (SPEC 2/6). */
export function requireRoomViewer<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  const found = requireScope(viewer, 'organizer');
  if (!hasOrganizerRoles(found, SECTION_RULES.ticket) && !hasOrganizerRoles(found, SECTION_RULES.hardware)) throw new AppError('FORBIDDEN');
  return found;
}
