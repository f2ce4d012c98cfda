/**
 * Client-side checks of the registration form (SPEC 5): a mainland mobile is 11 digits starting
 * 1-9 (sent as +86…); other numbers need + and the country code; an email must be valid.
 */
import { INTERNATIONAL_MOBILE, isEmail, toInternationalMobile } from '@portal/shared/auth/identity';

export type RegisterMethod = 'mobile' | 'email';

export function registerIdentityProblem(method: RegisterMethod, value: string): 'required' | 'invalid' | undefined {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  if (method === 'email') return isEmail(trimmed.toLowerCase()) ? undefined : 'invalid';
  return INTERNATIONAL_MOBILE.test(toInternationalMobile(trimmed.replace(/[\s-]/g, ''))) ? undefined : 'invalid';
}

/** The identity as the server expects it: mobile without spaces or dashes. */
export function registerIdentity(method: RegisterMethod, value: string): string {
  return method === 'mobile' ? value.trim().replace(/[\s-]/g, '') : value.trim();
}
