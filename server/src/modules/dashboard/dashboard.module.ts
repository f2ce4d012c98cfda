import type { PortalModule } from '../portal-module';
import { dashboardResolvers } from './dashboard.resolvers';

export const dashboardModule = { name: 'dashboard', resolvers: dashboardResolvers } satisfies PortalModule;
