import { describe, expect, it } from 'vitest';
import { sessionOfViewer, type Session, type Viewer } from '../features/viewer/session';
import {
  allowedOrganizerSections,
  approvedAudienceGuard,
  exhibitorAreaGuard,
  organizerAreaGuard,
  organizerSectionGuard,
  requireSignIn,
  rootGuard,
  visitorApplicationGuard,
  visitorAreaGuard,
} from './guards';
import { loginPath, safeRedirect } from './paths';

const base = { id: '1', name: 'N', nickname: null, mobile: null, email: null, disabled: false, lastLoginDate: null, loginCount: 0 };
const organizer = (...roles: string[]): Session =>
  sessionOfViewer({ ...base, __typename: 'Ouser', passwordLastUpdateAt: '2026-01-01T00:00:00Z', roles: roles.map((name, index) => ({ id: String(index), name, note: null })) } satisfies Viewer);
const audience = (approveStatus?: 'CREATED' | 'WAIT' | 'DONE' | 'REFUSE'): Session =>
  sessionOfViewer({ ...base, __typename: 'User', audience: approveStatus ? { id: 'a', approveStatus } : null } satisfies Viewer);
const exhibitor: Session = sessionOfViewer({ ...base, __typename: 'Xuser', passwordLastUpdateAt: null, exhibitor: null });
const unknown: Session = { status: 'unknown' };
const unauthorized: Session = { status: 'unauthorized' };
const forbidden: Session = { status: 'forbidden' };
const failed: Session = { status: 'error', error: { message: 'Failed to fetch' } };

const at = (path: string) => {
  const url = new URL(path, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('loginPath', () => {
  it('builds /login with redirect and scope', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath({ redirect: '/wo/audience/list?page=2', scope: 'organizer' })).toBe('/login?redirect=%2Fwo%2Faudience%2Flist%3Fpage%3D2&scope=organizer');
  });
});

describe('safeRedirect (open-redirect guard)', () => {
  it('follows same-origin relative paths with query and hash', () => {
    expect(safeRedirect('/wo/audience/list?page=2#top')).toBe('/wo/audience/list?page=2#top');
    expect(safeRedirect('/')).toBe('/');
  });
  it('refuses absolute, protocol-relative and tricky values', () => {
    for (const value of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'wo/x', '', null, undefined, '/\t/evil.example', '/login?redirect=/x', '/logout']) {
      expect(safeRedirect(value)).toBeUndefined();
    }
  });
});

describe('requireSignIn', () => {
  it('waits, allows, sends to login with the full path, or shows forbidden/error', () => {
    expect(requireSignIn(unknown, at('/usercenter/settings'))).toEqual({ kind: 'wait' });
    expect(requireSignIn(audience('DONE'), at('/usercenter/settings'))).toEqual({ kind: 'allow' });
    expect(requireSignIn(unauthorized, at('/nope?a=1'))).toEqual({ kind: 'redirect', to: loginPath({ redirect: '/nope?a=1' }) });
    expect(requireSignIn(forbidden, at('/nope'))).toEqual({ kind: 'forbidden' });
    expect(requireSignIn(failed, at('/nope'))).toEqual({ kind: 'error', message: 'Failed to fetch' });
  });
});

describe('rootGuard', () => {
  it('sends each scope to its own area', () => {
    expect(rootGuard(organizer(), at('/'))).toEqual({ kind: 'redirect', to: '/wo/' });
    expect(rootGuard(audience(), at('/'))).toEqual({ kind: 'redirect', to: '/wa/' });
    expect(rootGuard(exhibitor, at('/'))).toEqual({ kind: 'redirect', to: '/we/' });
  });
  it('needs sign-in', () => {
    expect(rootGuard(unauthorized, at('/'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2F' });
    expect(rootGuard(unknown, at('/'))).toEqual({ kind: 'wait' });
  });
});

describe('organizer area', () => {
  it('allows an organizer', () => {
    expect(organizerAreaGuard(organizer(), at('/wo/ticket/list'))).toEqual({ kind: 'allow' });
  });
  it('sends anyone else to /login with the redirect and scope=organizer', () => {
    const to = loginPath({ redirect: '/wo/ticket/list?x=1', scope: 'organizer' });
    expect(organizerAreaGuard(unauthorized, at('/wo/ticket/list?x=1'))).toEqual({ kind: 'redirect', to });
    expect(organizerAreaGuard(audience('DONE'), at('/wo/ticket/list?x=1'))).toEqual({ kind: 'redirect', to });
    expect(organizerAreaGuard(exhibitor, at('/wo/ticket/list?x=1'))).toEqual({ kind: 'redirect', to });
  });
  it('checks the section rules (any-of with super admin; project and hardware all-of their own role)', () => {
    const admin = organizer('ROLE_SUPER_ADMIN');
    expect(organizerSectionGuard(admin, 'audience')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(admin, 'exhibitor')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(admin, 'ticket')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(admin, 'project')).toEqual({ kind: 'forbidden' });
    expect(organizerSectionGuard(admin, 'hardware')).toEqual({ kind: 'forbidden' });
    expect(organizerSectionGuard(organizer('ROLE_AUDIENCE'), 'audience')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(organizer('ROLE_AUDIENCE'), 'exhibitor')).toEqual({ kind: 'forbidden' });
    expect(organizerSectionGuard(organizer('ROLE_EXHIBITOR'), 'exhibitor')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(organizer('ROLE_TICKET'), 'ticket')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(organizer('ROLE_PROJECT'), 'project')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(organizer('ROLE_HARDWARE'), 'hardware')).toEqual({ kind: 'allow' });
    expect(organizerSectionGuard(organizer(), 'audience')).toEqual({ kind: 'forbidden' });
    expect(organizerSectionGuard(unknown, 'audience')).toEqual({ kind: 'wait' });
  });
  it('lists the allowed sections in menu order', () => {
    expect(allowedOrganizerSections(['ROLE_SUPER_ADMIN'])).toEqual(['audience', 'exhibitor', 'ticket', 'system']);
    expect(allowedOrganizerSections(['ROLE_SUPER_ADMIN', 'ROLE_PROJECT', 'ROLE_HARDWARE'])).toEqual(['audience', 'exhibitor', 'ticket', 'project', 'hardware', 'system']);
  });
});

describe('visitor area', () => {
  it('needs audience scope: else /login?scope=audience with the redirect', () => {
    const to = loginPath({ redirect: '/wa/visitor/info', scope: 'audience' });
    expect(visitorAreaGuard(unauthorized, at('/wa/visitor/info'))).toEqual({ kind: 'redirect', to });
    expect(visitorAreaGuard(organizer('ROLE_SUPER_ADMIN'), at('/wa/visitor/info'))).toEqual({ kind: 'redirect', to });
    expect(visitorAreaGuard(exhibitor, at('/wa/visitor/info'))).toEqual({ kind: 'redirect', to });
  });
  it('sends a visitor without an audience record to the application', () => {
    expect(visitorAreaGuard(audience(), at('/wa/visitor/info'))).toEqual({ kind: 'redirect', to: '/visitor/web/application' });
  });
  it("opens the group pages without a record (an agent's groups, a member's confirmation before applying)", () => {
    for (const path of ['/wa/group', '/wa/group/join']) expect(visitorAreaGuard(audience(), at(path))).toEqual({ kind: 'allow' });
    expect(visitorAreaGuard(audience(), at('/wa/groupies'))).toEqual({ kind: 'redirect', to: '/visitor/web/application' });
  });
  it('allows a visitor with a record, whatever its status', () => {
    for (const status of ['CREATED', 'WAIT', 'DONE', 'REFUSE'] as const) expect(visitorAreaGuard(audience(status), at('/wa/visitor/info'))).toEqual({ kind: 'allow' });
  });
  it('ticket, visitDate and record need approveStatus DONE, else not found', () => {
    expect(approvedAudienceGuard(audience('DONE'))).toEqual({ kind: 'allow' });
    for (const status of ['CREATED', 'WAIT', 'REFUSE'] as const) expect(approvedAudienceGuard(audience(status))).toEqual({ kind: 'notFound' });
    expect(approvedAudienceGuard(audience())).toEqual({ kind: 'notFound' });
    expect(approvedAudienceGuard(unknown)).toEqual({ kind: 'wait' });
  });
});

describe('visitor application', () => {
  it('is for the audience scope only; anyone else goes to the registration', () => {
    expect(visitorApplicationGuard(audience())).toEqual({ kind: 'allow' });
    expect(visitorApplicationGuard(audience('REFUSE'))).toEqual({ kind: 'allow' });
    expect(visitorApplicationGuard(unauthorized)).toEqual({ kind: 'redirect', to: '/visitor/web/register' });
    expect(visitorApplicationGuard(forbidden)).toEqual({ kind: 'redirect', to: '/visitor/web/register' });
    expect(visitorApplicationGuard(organizer('ROLE_SUPER_ADMIN'))).toEqual({ kind: 'redirect', to: '/visitor/web/register' });
    expect(visitorApplicationGuard(exhibitor)).toEqual({ kind: 'redirect', to: '/visitor/web/register' });
    expect(visitorApplicationGuard(unknown)).toEqual({ kind: 'wait' });
  });
});

describe('exhibitor area', () => {
  it('needs exhibitor scope; else /login with the full target path and scope=exhibitor', () => {
    expect(exhibitorAreaGuard(exhibitor, at('/we/exhibitor/catalog'))).toEqual({ kind: 'allow' });
    const to = loginPath({ redirect: '/we/exhibitor/product/12?tab=a', scope: 'exhibitor' });
    expect(exhibitorAreaGuard(unauthorized, at('/we/exhibitor/product/12?tab=a'))).toEqual({ kind: 'redirect', to });
    expect(exhibitorAreaGuard(audience('DONE'), at('/we/exhibitor/product/12?tab=a'))).toEqual({ kind: 'redirect', to });
  });
});
