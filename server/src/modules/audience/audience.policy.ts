import { SECTION_RULES } from '@portal/shared/auth/scopes';
import type { GraphQLContext } from '../../graphql/context';
import type { AudienceModel } from '../../graphql/models';
import { requireOrganizerRoles } from '../../lib/authorize';
import { AppError } from '../../lib/app-error';

/** Organizers who review visitor applications (SPEC 2 /wo/audience). */
export function requireReviewer(context: GraphQLContext) {
  return requireOrganizerRoles(context, SECTION_RULES.audience);
}

export function isOwnApplication(context: GraphQLContext, audience: AudienceModel) {
  return context.viewer?.id === audience.accountId;
}

/** The visitor's own application, or a reviewer's view of it. */
export async function requireOwnerOrReviewer(context: GraphQLContext, audience: AudienceModel) {
  if (isOwnApplication(context, audience)) return;
  await requireReviewer(context);
}

/** The visitor's own application only (ticket, admission records). */
export function requireOwner(context: GraphQLContext, audience: AudienceModel) {
  if (!isOwnApplication(context, audience)) throw new AppError('FORBIDDEN');
}
