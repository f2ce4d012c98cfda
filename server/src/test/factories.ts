import { randomInt } from 'node:crypto';
import type { Role, Scope } from '@portal/shared/auth/scopes';
import type { TestApp } from './test-app';

let sequence = 0;

/** A unique account of the given kind, created through the real service (hashing, roles, exhibitor). */
export async function createAccount(
  app: TestApp,
  scope: Scope,
  options: { roles?: readonly Role[]; password?: string; disabled?: boolean; credentialLimit?: number; exhibitorId?: string } = {},
) {
  sequence += 1;
  const password = options.password ?? 'Passw0rd123';
  const services = app.portal.app.services;
  const input = {
    name: `${scope} ${sequence}`,
    identity: scope === 'audience' ? { mobile: `139${String(randomInt(0, 1e8)).padStart(8, '0')}` } : { email: `${scope}${sequence}-${randomInt(1e9)}@example.com` },
    password,
  };
  // An exhibitor account comes with its company (or joins `exhibitorId`'s), created by the exhibitor module.
  const account =
    scope !== 'exhibitor'
      ? await services.accounts.createAccount({ ...input, scope, roles: options.roles })
      : options.exhibitorId
        ? await services.accounts.createAccount({ ...input, scope, exhibitorId: options.exhibitorId })
        : (await services.exhibitors.createWithAccount({ nameZh: '测试摩托', nameEn: 'Test Moto', limitOverride: options.credentialLimit ?? 5, limitOverrideReason: 'test company', bootNumber: 'B-2' }, input)).account;
  if (options.disabled) await services.accounts.setDisabled(account.id, true);
  return { account: (await services.accounts.findById(account.id)) ?? account, password };
}
