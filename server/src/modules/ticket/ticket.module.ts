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
  connect: ({ photos, ticketOffice, tickets, auditLog }) => {
    // The ticket office may open the photos of a ticket's holder (the face check); each view is audited.
    photos.allowReading((viewer, photo) => ticketOffice.photoAccess(viewer, photo.id));
    auditLog.nameSubjects('ticket', (ids) => tickets.holderNamesByIds(ids));
  },
} satisfies PortalModule;
