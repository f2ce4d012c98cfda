import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { AppError } from '../../lib/app-error';
import { hasOrganizerRoles, requireOrganizerRoles, requireScope } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';

/** A viewer as the badge rules see it: an exhibitor account carries its company. */
export type BadgeViewer = Viewer & { readonly exhibitorId?: string | null };

/** An account of an exhibiting company (SPEC 2 /we/): its viewer and company id, or FORBIDDEN. */
export function requireExhibitorMember(viewer: BadgeViewer | undefined): { viewer: BadgeViewer; exhibitorId: string } {
  const found = requireScope(viewer, 'exhibitor');
  if (!found.exhibitorId) throw new AppError('FORBIDDEN');
  return { viewer: found, exhibitorId: found.exhibitorId };
}

/** Organizers of the exhibitor section (ROLE_SUPER_ADMIN or ROLE_EXHIBITOR): the queue, detail, decisions, exports. */
export function requireBadgeReviewer<TViewer extends Viewer>(viewer: TViewer | undefined): TViewer {
  return requireOrganizerRoles(viewer, SECTION_RULES.exhibitor);
}

export function isBadgeReviewer(viewer: Viewer | undefined): boolean {
  return hasOrganizerRoles(viewer, SECTION_RULES.exhibitor);
}

/** Whether the viewer belongs to the company (an exhibitor never sees another company's badges). */
export function isMemberOf(viewer: BadgeViewer | undefined, exhibitorId: string): boolean {
  return viewer?.scope === 'exhibitor' && viewer.exhibitorId === exhibitorId;
}
