import type { Role } from '@portal/shared/auth/scopes';
import type { AccountModel } from './account.models';

/** GraphQL `Staff`: an organizer account with its roles. */
export type StaffModel = AccountModel & { readonly roles: Role[] };

export interface StaffPageModel {
  nodes: StaffModel[];
  total: number;
  page: number;
  pageSize: number;
}

/** GraphQL `StaffWithInitialPassword`. */
export interface StaffWithInitialPasswordModel {
  staff: StaffModel;
  initialPassword: string;
}
