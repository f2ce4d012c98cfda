import type { PortalModule } from '../portal-module';
import { applicationLoaders } from './application.loaders';
import { applicationResolvers } from './application.resolvers';

export const applicationModule = { name: 'application', resolvers: applicationResolvers, createLoaders: applicationLoaders } satisfies PortalModule;
