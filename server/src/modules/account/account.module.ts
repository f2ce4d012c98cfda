import type { PortalModule } from '../portal-module';
import { accountResolvers } from './account.resolvers';
import { accountLoaders } from './account.loaders';
import { staffResolvers } from './staff.resolvers';

export const accountModule = {
  name: 'account',
  resolvers: { ...accountResolvers, Query: staffResolvers.Query, Mutation: { ...accountResolvers.Mutation, ...staffResolvers.Mutation }, Staff: staffResolvers.Staff },
  createLoaders: accountLoaders,
  connect: ({ accounts, auditLog }) => {
    auditLog.nameSubjects('account', async (ids) => new Map((await accounts.findByIds(ids)).map((account) => [account.id, account.name])));
  },
} satisfies PortalModule;
