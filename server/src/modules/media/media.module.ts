import type { PortalModule } from '../portal-module';
import { registerFileRoutes } from './files.routes';
import { mediaLoaders } from './media.loaders';
import { mediaResolvers } from './media.resolvers';

export const mediaModule = { name: 'media', resolvers: mediaResolvers, createLoaders: mediaLoaders, registerRoutes: registerFileRoutes } satisfies PortalModule;
