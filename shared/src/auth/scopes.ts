/** SPEC 6: a viewer's scope follows its kind. */
export const SCOPES = ['organizer', 'audience', 'exhibitor'] as const;
export type Scope = (typeof SCOPES)[number];

export const VIEWER_TYPENAME_BY_SCOPE = { organizer: 'Ouser', audience: 'User', exhibitor: 'Xuser' } as const;
export type ViewerTypename = (typeof VIEWER_TYPENAME_BY_SCOPE)[Scope];

export function scopeOfTypename(typename: ViewerTypename): Scope {
  const entry = Object.entries(VIEWER_TYPENAME_BY_SCOPE).find(([, name]) => name === typename);
  return (entry?.[0] ?? 'audience') as Scope;
}

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

export const ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_AUDIENCE',
  'ROLE_EXHIBITOR',
  'ROLE_TICKET',
  'ROLE_PROJECT',
  'ROLE_HARDWARE',
] as const;
export type Role = (typeof ROLES)[number];

/** A route or operation rule: every listed role (all-of) or at least one (any-of). */
export type RoleRule = { anyOf: readonly Role[] } | { allOf: readonly Role[] };

export function satisfiesRoleRule(roles: readonly string[], rule: RoleRule): boolean {
  return 'anyOf' in rule ? rule.anyOf.some((role) => roles.includes(role)) : rule.allOf.every((role) => roles.includes(role));
}

/** SPEC 2/6: the section rules, used by the web guards, the organizer menu and the server policies. */
export const SECTION_RULES = {
  audience: { anyOf: ['ROLE_SUPER_ADMIN', 'ROLE_AUDIENCE'] },
  exhibitor: { anyOf: ['ROLE_SUPER_ADMIN', 'ROLE_EXHIBITOR'] },
  ticket: { anyOf: ['ROLE_SUPER_ADMIN', 'ROLE_TICKET'] },
  project: { allOf: ['ROLE_PROJECT'] },
  hardware: { allOf: ['ROLE_HARDWARE'] },
  /** Not in SPEC 2: the audit log (and the staff accounts) are the super administrator's (docs/decisions/0703-audit-log.md). */
  system: { allOf: ['ROLE_SUPER_ADMIN'] },
} as const satisfies Record<string, RoleRule>;
