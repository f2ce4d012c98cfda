import { randomInt } from 'node:crypto';
import type { Role, Scope } from '@portal/shared/auth/scopes';
import type { TestApp } from './test-app';

let sequence = 0;

/** A unique account of the given kind, created through the real service (hashing, roles, exhibitor). */
export async function createAccount(
  app: TestApp,
  scope: Scope,
  options: { roles?: readonly Role[]; password?: string; disabled?: boolean } = {},
) {
  sequence += 1;
  const password = options.password ?? 'Passw0rd123';
  const services = app.portal.app.services;
  const account = await services.accounts.createAccount({
    scope,
    name: `${scope} ${sequence}`,
    identity: scope === 'audience' ? { mobile: `139${String(randomInt(0, 1e8)).padStart(8, '0')}` } : { email: `${scope}${sequence}-${randomInt(1e9)}@example.com` },
    password,
    roles: options.roles,
    exhibitor: scope === 'exhibitor' ? { nameZh: '测试摩托', nameEn: 'Test Moto', credentialLimit: 5, bootNumber: 'B-2' } : undefined,
  });
  if (options.disabled) await services.accounts.setDisabled(account.id, true);
  return { account: (await services.accounts.findById(account.id)) ?? account, password };
}
