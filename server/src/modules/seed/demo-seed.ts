import type { Services } from '../../services';
import { ROLES } from '@portal/shared/auth/scopes';

export const DEMO_ACCOUNTS = {
  organizer: { identity: 'admin@example.com', password: 'Admin12345' },
  exhibitor: { identity: 'exhibitor@example.com', password: 'Exhibitor12345' },
  audience: { identity: '13800000000', password: 'Visitor12345' },
} as const;

/**
 * Demo data for the embedded default (never in production): the three demo accounts.
 * Runs only on an empty database; returns what it created so that main.ts prints it once.
 */
export async function seedDemoData(services: Services): Promise<string[] | undefined> {
  if ((await services.accounts.count()) > 0) return undefined;
  await services.accounts.createAccount({
    scope: 'organizer',
    name: 'Demo Organizer',
    identity: { email: DEMO_ACCOUNTS.organizer.identity },
    password: DEMO_ACCOUNTS.organizer.password,
    roles: ROLES,
  });
  await services.accounts.createAccount({
    scope: 'exhibitor',
    name: '演示摩托 Demo Moto',
    identity: { email: DEMO_ACCOUNTS.exhibitor.identity },
    password: DEMO_ACCOUNTS.exhibitor.password,
    exhibitor: { nameZh: '演示摩托', nameEn: 'Demo Moto', credentialLimit: 10, bootNumber: 'A-101' },
  });
  await services.accounts.createAccount({
    scope: 'audience',
    name: 'Demo Visitor',
    identity: { mobile: DEMO_ACCOUNTS.audience.identity },
    password: DEMO_ACCOUNTS.audience.password,
  });
  return [
    `organizer  ${DEMO_ACCOUNTS.organizer.identity} / ${DEMO_ACCOUNTS.organizer.password}  (every role)  → /login?scope=organizer`,
    `exhibitor  ${DEMO_ACCOUNTS.exhibitor.identity} / ${DEMO_ACCOUNTS.exhibitor.password}  (演示摩托 Demo Moto, booth A-101, 10 badges)  → /login?scope=exhibitor`,
    `visitor    ${DEMO_ACCOUNTS.audience.identity} / ${DEMO_ACCOUNTS.audience.password}  (no application yet)  → /login?scope=audience`,
  ];
}
