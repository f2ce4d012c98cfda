import type { PortalModule } from '../portal-module';
import { registerBadgeExportRoutes } from './badge-export.routes';
import { badgeResolvers } from './badge.resolvers';

export const badgeModule = { name: 'badge', resolvers: badgeResolvers, registerRoutes: registerBadgeExportRoutes } satisfies PortalModule;
