import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { AppError } from '../../lib/app-error';
import { hasOrganizerRoles } from '../../lib/authorize';
import type { Viewer } from '../../lib/viewer';
import type { ApplicationRow } from './application.models';

/** Organizers who review visitor applications (SPEC 2 /wo/audience: ROLE_SUPER_ADMIN or ROLE_AUDIENCE). */
export function isReviewer(viewer: Viewer | undefined): boolean {
  return hasOrganizerRoles(viewer, SECTION_RULES.audience);
}

export function isOwnApplication(viewer: Viewer | undefined, application: Pick<ApplicationRow, 'accountId'>): boolean {
  return viewer !== undefined && viewer.id === application.accountId;
}

/** The visitor's own application, or a reviewer's view of it. */
export function requireOwnerOrReviewer(viewer: Viewer | undefined, application: Pick<ApplicationRow, 'accountId'>) {
  if (isOwnApplication(viewer, application)) return;
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  if (!isReviewer(viewer)) throw new AppError('FORBIDDEN');
}
