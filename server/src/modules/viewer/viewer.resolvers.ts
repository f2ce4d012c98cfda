import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireViewer } from '../../lib/authorize';
import { VIEWER_TYPENAME_BY_SCOPE } from '@portal/shared/auth/scopes';

export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_parent, _args, context) => requireViewer(context.viewer),
  },
  Viewer: {
    __resolveType: (account) => VIEWER_TYPENAME_BY_SCOPE[account.scope],
  },
  Ouser: {
    roles: (account, _args, context) => context.services.accounts.rolesOf(account.id),
  },
  User: {
    audience: async (account, _args, context) => (await context.services.applications.findByAccount(account.id)) ?? null,
  },
  Xuser: {
    exhibitor: async (account, _args, context) => (account.exhibitorId ? ((await context.services.exhibitors.findById(account.exhibitorId)) ?? null) : null),
  },
};
