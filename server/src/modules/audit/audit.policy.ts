import { requireOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** The audit log is read (and exported) by the super administrator only; nobody edits it. */
export function requireAuditReader<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, { allOf: ['ROLE_SUPER_ADMIN'] });
}
