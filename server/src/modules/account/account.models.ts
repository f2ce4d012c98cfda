import type { Role } from '@portal/shared/auth/scopes';
import type { accounts } from './account.tables';

/** One row for the three viewer kinds (SPEC 3: Ouser, User, Xuser). */
export type AccountModel = typeof accounts.$inferSelect;
export type OuserModel = AccountModel;
export type UserModel = AccountModel;
export type XuserModel = AccountModel;

/** The signed-in account with its roles: what GraphQL resolvers and routes hand to policies. */
export type AccountViewer = AccountModel & { readonly roles: readonly Role[] };
