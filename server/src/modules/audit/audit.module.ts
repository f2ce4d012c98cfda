import type { PortalModule } from '../portal-module';
import { registerAuditExportRoutes } from './audit-export.routes';
import { auditResolvers } from './audit.resolvers';

export const auditModule = { name: 'audit', resolvers: auditResolvers, registerRoutes: registerAuditExportRoutes } satisfies PortalModule;
