import type { Scope } from '@portal/shared/auth/scopes';

/** SPEC 2 routes, one place: the router, the menus, the guards and the browser tests (e2e) read them here. */
export const PATHS = {
  login: '/login',
  logout: '/logout',
  root: '/',
  ticket: '/ticket',
  visitorRegister: '/visitor/web/register',
  /** SPEC 2 leaves the exhibitor registration's route unnamed; this one mirrors the visitor's. */
  exhibitorRegister: '/exhibitor/web/register',
  visitorApplication: '/visitor/web/application',
  settings: '/usercenter/settings',
  organizer: '/wo/',
  organizerDashboard: '/wo/dashboard',
  organizerEntranceRoom: '/wo/entrance-room',
  organizerSettings: '/wo/usercenter/settings',
  organizerAudience: '/wo/audience',
  organizerAudienceList: '/wo/audience/list',
  /** Auto-approval rules (docs/decisions/0310-auto-approval-rules.md). */
  organizerAutoApproval: '/wo/audience/rules',
  /** Groups registered by an agent (docs/decisions/0210-group-registration.md). */
  organizerGroups: '/wo/audience/groups',
  visitorGroups: '/wa/group',
  visitorGroupJoin: '/wa/group/join',
  organizerProjectInfo: '/wo/project/info',
  organizerAuditLog: '/wo/system/audit',
  organizerStaff: '/wo/system/staff',
  organizerProjectCdk: '/wo/project/cdk',
  organizerHardwareList: '/wo/hardware/list',
  organizerTicketList: '/wo/ticket/list',
  organizerBadgeTemplates: '/wo/ticket/badges',
  organizerBadgeKiosk: '/wo/ticket/kiosk',
  visitor: '/wa/',
  visitorInfo: '/wa/visitor/info',
  visitorInfoEdit: '/wa/visitor/info/edit',
  visitorTicket: '/wa/visitor/ticket',
  visitorVisitDate: '/wa/visitor/visitDate',
  visitorRecord: '/wa/visitor/record',
  exhibitor: '/we/',
  exhibitorHome: '/we/exhibitor/application/list',
  exhibitorBadgeList: '/we/exhibitor/application/list',
  exhibitorBadge: '/we/exhibitor/application',
  exhibitorCatalog: '/we/exhibitor/catalog',
  exhibitorBanner: '/we/exhibitor/banner',
  organizerBannerList: '/wo/exhibitor/banner/list',
  exhibitorProductList: '/we/exhibitor/product/list',
  exhibitorProduct: '/we/exhibitor/product',
  organizerExhibitorList: '/wo/exhibitor/list',
  organizerCatalogList: '/wo/exhibitor/catalog/list',
  organizerProductList: '/wo/exhibitor/product/list',
  organizerProduct: '/wo/exhibitor/product',
  organizerBadgeList: '/wo/exhibitor/application/list',
  organizerBadgeQuotas: '/wo/exhibitor/quotas',
  /** Invitation letters (docs/decisions/0720-visa-invitation-letters.md). */
  visitorLetter: '/wa/visitor/letter',
  exhibitorLetter: '/we/exhibitor/letters',
  organizerAudienceLetters: '/wo/audience/letters',
  organizerExhibitorLetters: '/wo/exhibitor/letters',
  organizerLetterTemplate: '/wo/project/letter',
  letterVerify: '/letters/verify',
} as const;

/** Where each scope lands after sign-in (SPEC 2: /wa/, /wo/, /we/). */
export const AREA_BY_SCOPE: Record<Scope, string> = {
  organizer: PATHS.organizer,
  audience: PATHS.visitor,
  exhibitor: PATHS.exhibitor,
};

/** The full target of a location: path, query and hash. */
export function fullPath(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/** /login?redirect=<target>&scope=<scope> (either may be left out). */
export function loginPath(options: { redirect?: string; scope?: Scope } = {}): string {
  const params = new URLSearchParams();
  if (options.redirect) params.set('redirect', options.redirect);
  if (options.scope) params.set('scope', options.scope);
  const query = params.toString();
  return query ? `${PATHS.login}?${query}` : PATHS.login;
}

/**
 * Open-redirect guard: only a same-origin relative path is followed ("/wo/audience/list?page=2").
 * Absolute URLs, protocol-relative ("//evil"), backslash tricks and the login/logout pages themselves are refused.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20)) return undefined;
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  if (url.pathname === PATHS.login || url.pathname === PATHS.logout) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
