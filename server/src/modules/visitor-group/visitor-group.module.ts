import type { PortalModule } from '../portal-module';
import { visitorGroupResolvers } from './visitor-group.resolvers';
import { registerVisitorGroupRoutes } from './visitor-group.routes';

export const visitorGroupModule = {
  name: 'visitor-group',
  resolvers: visitorGroupResolvers,
  registerRoutes: async (app) => {
    await registerVisitorGroupRoutes(app);
  },
  connect: ({ applications, visitorGroups, auditLog, tickets }) => {
    // A joined member's submit binds the code their group holds for them and files the application in the group.
    applications.applyInGroupsWith(visitorGroups);
    // An applicant's personal data erased: so is what the agent entered about them.
    tickets.whenHoldersErased(async (tx, kind, subjectIds) => {
      if (kind === 'VISITOR') await visitorGroups.forgetApplicants(tx, subjectIds);
    });
    auditLog.nameSubjects('visitor_group', (ids) => visitorGroups.namesByIds(ids));
  },
} satisfies PortalModule;
