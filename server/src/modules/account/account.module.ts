import type { PortalModule } from '../portal-module';
import { accountResolvers } from './account.resolvers';
import { accountLoaders } from './account.loaders';

export const accountModule = { name: 'account', resolvers: accountResolvers, createLoaders: accountLoaders } satisfies PortalModule;
