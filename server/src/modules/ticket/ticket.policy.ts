import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/viewer';

/** A ticket and its admissions are shown to its holder only (the organizer's ticket list comes with its own rule). */
export function requireHolder(viewer: Viewer | undefined, holder: { accountId: string }) {
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  if (viewer.id !== holder.accountId) throw new AppError('FORBIDDEN');
}
