import type { PortalModule } from '../portal-module';
import { catalogResolvers } from './catalog.resolvers';

export const catalogModule = { name: 'catalog', resolvers: catalogResolvers } satisfies PortalModule;
