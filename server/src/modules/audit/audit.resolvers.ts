import { ZAuditLogInput } from '@portal/shared/audit/audit-log';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const auditResolvers: Resolvers = {
  Query: {
    auditLog: (_parent, args, context) => context.services.auditLog.list(context.viewer, parseInput(ZAuditLogInput, args), context.locale),
  },
  AuditLogEntry: {
    id: (entry) => String(entry.id),
    detail: (entry) => (entry.detail ? JSON.stringify(entry.detail) : null),
    actor: async (entry, _args, context) => {
      if (!entry.actorId) return null;
      const account = await context.loaders.account.load(entry.actorId);
      return account ? { id: account.id, name: account.name, email: account.email, mobile: account.mobile, scope: account.scope } : null;
    },
  },
};
