import type { PortalModule } from '../portal-module';
import { registerTicketExportRoutes } from './ticket-export.routes';
import { registerTicketImportRoutes } from './ticket-import.routes';
import { ticketOfficeResolvers } from './ticket-office.resolvers';
import { ticketResolvers } from './ticket.resolvers';

export const ticketModule = {
  name: 'ticket',
  resolvers: {
    ...ticketResolvers,
    ...ticketOfficeResolvers,
    Query: { ...ticketResolvers.Query, ...ticketOfficeResolvers.Query },
    Mutation: { ...ticketResolvers.Mutation, ...ticketOfficeResolvers.Mutation },
  },
  registerRoutes: async (app) => {
    registerTicketExportRoutes(app);
    await registerTicketImportRoutes(app);
  },
} satisfies PortalModule;
