/**
 * The guard decisions of SPEC 2 as pure functions: given the session and the location, a route is
 * allowed, waits for the session, redirects, or shows the not-found or forbidden page.
 * The route components only apply these decisions (see guard.tsx).
 */
import { satisfiesRoleRule, SECTION_RULES, type Scope } from '@portal/shared/auth/scopes';
import { rolesOf, type Session } from '../features/viewer/session';
import { AREA_BY_SCOPE, fullPath, loginPath, PATHS } from './paths';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'forbidden' }
  | { kind: 'error'; message: string };

export type OrganizerSection = keyof typeof SECTION_RULES;

export interface GuardLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

const ALLOW: GuardDecision = { kind: 'allow' };
const WAIT: GuardDecision = { kind: 'wait' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** What every guard does before the session is known or when it failed. */
function unsettled(session: Session): GuardDecision | undefined {
  if (session.status === 'unknown') return WAIT;
  if (session.status === 'forbidden') return { kind: 'forbidden' };
  if (session.status === 'error') return { kind: 'error', message: session.error.message };
  return undefined;
}

/** Needs sign-in (/, /usercenter, the not-found page): otherwise /login?redirect=<full path>. */
export function requireSignIn(session: Session, location: GuardLocation): GuardDecision {
  const pending = unsettled(session);
  if (pending) return pending;
  return session.status === 'loaded' ? ALLOW : redirect(loginPath({ redirect: fullPath(location) }));
}

/** / sends each scope to its own area. */
export function rootGuard(session: Session, location: GuardLocation): GuardDecision {
  const signedIn = requireSignIn(session, location);
  if (signedIn.kind !== 'allow' || session.status !== 'loaded') return signedIn;
  return redirect(AREA_BY_SCOPE[session.scope]);
}

/** An area needs sign-in and its scope; otherwise /login?redirect=<full path>&scope=<area scope>. */
export function requireScope(session: Session, location: GuardLocation, scope: Scope): GuardDecision {
  const pending = unsettled(session);
  if (pending) return pending;
  if (session.status === 'loaded' && session.scope === scope) return ALLOW;
  return redirect(loginPath({ redirect: fullPath(location), scope }));
}

/** /wo/*: organizer scope. */
export function organizerAreaGuard(session: Session, location: GuardLocation): GuardDecision {
  return requireScope(session, location, 'organizer');
}

/** An organizer section needs its role rule (all-of / any-of, SECTION_RULES); otherwise the forbidden page. */
export function organizerSectionGuard(session: Session, section: OrganizerSection): GuardDecision {
  const pending = unsettled(session);
  if (pending) return pending;
  return satisfiesRoleRule(rolesOf(session), SECTION_RULES[section]) ? ALLOW : { kind: 'forbidden' };
}

/** The entrance room (/wo/entrance-room): the gate's sections, ticket or hardware (the server checks the same). */
export function mayOpenEntranceRoom(roles: readonly string[]): boolean {
  return satisfiesRoleRule(roles, SECTION_RULES.ticket) || satisfiesRoleRule(roles, SECTION_RULES.hardware);
}

export function entranceRoomGuard(session: Session): GuardDecision {
  const pending = unsettled(session);
  if (pending) return pending;
  return mayOpenEntranceRoom(rolesOf(session)) ? ALLOW : { kind: 'forbidden' };
}

/** The sections an organizer may open, in menu order. */
export const ORGANIZER_SECTIONS: readonly OrganizerSection[] = ['audience', 'exhibitor', 'ticket', 'project', 'hardware', 'system'];

export function allowedOrganizerSections(roles: readonly string[]): OrganizerSection[] {
  return ORGANIZER_SECTIONS.filter((section) => satisfiesRoleRule(roles, SECTION_RULES[section]));
}

/**
 * /wa/*: audience scope (else /login?scope=audience&redirect=…), then an audience record (else /visitor/web/application).
 * The group pages need no record: an agent need not visit, and a member confirms their entry before applying.
 */
export function visitorAreaGuard(session: Session, location: GuardLocation): GuardDecision {
  const scoped = requireScope(session, location, 'audience');
  if (scoped.kind !== 'allow' || session.status !== 'loaded' || session.viewer.__typename !== 'User') return scoped;
  const groupPage = location.pathname === PATHS.visitorGroups || location.pathname.startsWith(`${PATHS.visitorGroups}/`);
  return session.viewer.audience || groupPage ? ALLOW : redirect(PATHS.visitorApplication);
}

/** /wa/visitor/ticket, visitDate, record: only when approveStatus is DONE, else not found. */
export function approvedAudienceGuard(session: Session): GuardDecision {
  const pending = unsettled(session);
  if (pending) return pending;
  const approved = session.status === 'loaded' && session.viewer.__typename === 'User' && session.viewer.audience?.approveStatus === 'DONE';
  return approved ? ALLOW : { kind: 'notFound' };
}

/** /visitor/web/application: audience scope only; anyone else goes to /visitor/web/register. */
export function visitorApplicationGuard(session: Session): GuardDecision {
  if (session.status === 'unknown') return WAIT;
  if (session.status === 'error') return { kind: 'error', message: session.error.message };
  return session.status === 'loaded' && session.scope === 'audience' ? ALLOW : redirect(PATHS.visitorRegister);
}

/** /we/*: exhibitor scope; otherwise /login?redirect=<full target path>&scope=exhibitor. */
export function exhibitorAreaGuard(session: Session, location: GuardLocation): GuardDecision {
  return requireScope(session, location, 'exhibitor');
}
