import type { PortalModule } from '../portal-module';
import { exhibitorLoaders } from './exhibitor.loaders';
import { exhibitorResolvers } from './exhibitor.resolvers';

export const exhibitorModule = { name: 'exhibitor', resolvers: exhibitorResolvers, createLoaders: exhibitorLoaders } satisfies PortalModule;
