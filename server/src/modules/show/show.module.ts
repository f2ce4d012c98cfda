import type { PortalModule } from '../portal-module';
import { showLoaders } from './show.loaders';
import { showResolvers } from './show.resolvers';

export const showModule = { name: 'show', resolvers: showResolvers, createLoaders: showLoaders } satisfies PortalModule;
