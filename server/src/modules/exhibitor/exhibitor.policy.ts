import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { AppError } from '../../lib/app-error';
import { hasOrganizerRoles, requireOrganizerRoles, requireScope } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** Organizers of the exhibitor section (ROLE_SUPER_ADMIN or ROLE_EXHIBITOR) manage the companies and their accounts. */
export function requireExhibitorManager<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.exhibitor);
}

export function isExhibitorManager(viewer: Viewer | undefined): boolean {
  return hasOrganizerRoles(viewer, SECTION_RULES.exhibitor);
}

/** An account of an exhibiting company (/we/): its viewer and company id, or FORBIDDEN. */
export function requireCompanyMember<TViewer extends Viewer & { readonly exhibitorId?: string | null }>(viewer: TViewer | undefined): { viewer: TViewer; exhibitorId: string } {
  const found = requireScope(viewer, 'exhibitor');
  if (!found.exhibitorId) throw new AppError('FORBIDDEN');
  return { viewer: found, exhibitorId: found.exhibitorId };
}
