import type { AccountModel } from './account.models';

/**
 * An account created or reset with an initial password (an organizer set it, `passwordLastUpdateAt` empty)
 * must change it before anything else: it may read the viewer, change the password and sign out.
 * Any account kind may carry one (exhibitors now, organizer staff next).
 */
export function mustChangePassword(account: Pick<AccountModel, 'passwordLastUpdateAt'>): boolean {
  return account.passwordLastUpdateAt === null;
}

/** The GraphQL root fields such an account may still ask for. */
export const FIELDS_ALLOWED_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set(['viewer', 'changePassword', '__typename']);
