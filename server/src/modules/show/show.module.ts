import type { PortalModule } from '../portal-module';
import { showLoaders } from './show.loaders';
import { showResolvers } from './show.resolvers';
import { registerWebAppManifestRoute } from './web-app-manifest.routes';

export const showModule = {
  name: 'show',
  resolvers: showResolvers,
  createLoaders: showLoaders,
  registerRoutes: async (app) => registerWebAppManifestRoute(app),
} satisfies PortalModule;
