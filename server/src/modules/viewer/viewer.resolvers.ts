import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireViewer } from '../../lib/authorize';
import { VIEWER_TYPENAME_BY_SCOPE } from '@portal/shared/auth/scopes';

const baseFields = {
  nickname: (account: { nickname: string | null }) => account.nickname,
  lastLoginDate: (account: { lastLoginDate: Date | null }) => account.lastLoginDate?.toISOString() ?? null,
};

export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_parent, _args, context) => requireViewer(context),
  },
  Viewer: {
    __resolveType: (account) => VIEWER_TYPENAME_BY_SCOPE[account.scope],
  },
  Ouser: {
    ...baseFields,
    roles: (account, _args, context) => context.services.accounts.rolesOf(account.id),
  },
  User: {
    ...baseFields,
    audience: async (account, _args, context) => (await context.services.accounts.audienceOf(account.id)) ?? null,
  },
  Xuser: {
    ...baseFields,
    passwordLastUpdateAt: (account) => account.passwordLastUpdateAt?.toISOString() ?? null,
    exhibitor: async (account, _args, context) =>
      account.exhibitorId ? ((await context.services.accounts.exhibitorOf(account.exhibitorId)) ?? null) : null,
  },
};
