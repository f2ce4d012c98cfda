import type { PortalModule } from '../portal-module';
import { ticketResolvers } from './ticket.resolvers';

export const ticketModule = { name: 'ticket', resolvers: ticketResolvers } satisfies PortalModule;
