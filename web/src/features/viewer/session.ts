/**
 * SPEC 4 session: unknown until the viewer query ran, then loaded or carrying an error; a 401 marks
 * the user unauthorized, a 403 forbidden; logout sets the 401 state.
 */
import { scopeOfTypename, type Scope } from '@portal/shared/auth/scopes';
import { isForbidden, isUnauthorized, normaliseError, type NormalisedError } from '../../lib/errors';
import type { ViewerQuery } from '../../graphql/operations.generated';

export type Viewer = ViewerQuery['viewer'];
export type OrganizerViewer = Extract<Viewer, { __typename: 'Ouser' }>;
export type AudienceViewer = Extract<Viewer, { __typename: 'User' }>;
export type ExhibitorViewer = Extract<Viewer, { __typename: 'Xuser' }>;

export type Session =
  | { status: 'unknown' }
  | { status: 'loaded'; viewer: Viewer; scope: Scope }
  | { status: 'unauthorized' }
  | { status: 'forbidden' }
  | { status: 'error'; error: NormalisedError };

export const UNKNOWN_SESSION: Session = { status: 'unknown' };
export const UNAUTHORIZED_SESSION: Session = { status: 'unauthorized' };
export const FORBIDDEN_SESSION: Session = { status: 'forbidden' };

export function sessionOfViewer(viewer: Viewer): Session {
  return { status: 'loaded', viewer, scope: scopeOfTypename(viewer.__typename) };
}

/** The session a failed viewer query leaves. */
export function sessionOfError(error: unknown): Session {
  if (isUnauthorized(error)) return UNAUTHORIZED_SESSION;
  if (isForbidden(error)) return FORBIDDEN_SESSION;
  return { status: 'error', error: normaliseError(error) };
}

/** Roles of an organizer viewer (role names such as ROLE_SUPER_ADMIN); none for other kinds. */
export function rolesOf(session: Session): string[] {
  return session.status === 'loaded' && session.viewer.__typename === 'Ouser' ? session.viewer.roles.map((role) => role.name) : [];
}

/**
 * Whether the viewer still has an initial password (organizer-created or reset accounts, any kind that
 * carries `passwordLastUpdateAt`): the area shows only the change-password dialog until it is changed.
 */
export function mustChangePassword(session: Session): boolean {
  return session.status === 'loaded' && 'passwordLastUpdateAt' in session.viewer && session.viewer.passwordLastUpdateAt === null;
}
