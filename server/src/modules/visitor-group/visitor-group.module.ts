import type { PortalModule } from '../portal-module';
import { visitorGroupResolvers } from './visitor-group.resolvers';
import { registerVisitorGroupRoutes } from './visitor-group.routes';

export const visitorGroupModule = {
  name: 'visitor-group',
  resolvers: visitorGroupResolvers,
  registerRoutes: async (app) => {
    await registerVisitorGroupRoutes(app);
  },
  connect: ({ applications, visitorGroups, auditLog }) => {
    // A joined member's submit binds the code their group holds for them and files the application in the group.
    applications.applyInGroupsWith(visitorGroups);
    auditLog.nameSubjects('visitor_group', (ids) => visitorGroups.namesByIds(ids));
  },
} satisfies PortalModule;
