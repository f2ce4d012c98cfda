import type { Resolvers } from '../../graphql/resolvers.generated';
import { qrCodeDrawingOf } from '../../lib/qr-code';
import { requireHolder } from './ticket.policy';

export const ticketResolvers: Resolvers = {
  Audience: {
    ticket: (audience, _args, context) => {
      requireHolder(context.viewer, audience);
      return audience.approveStatus === 'DONE' ? context.services.tickets.ticketOf(audience) : null;
    },
    admissions: (audience, _args, context) => {
      requireHolder(context.viewer, audience);
      return context.services.tickets.admissionsOf(audience.id);
    },
  },
  Ticket: {
    token: (ticket) => ticket.token,
    qr: (ticket) => qrCodeDrawingOf(ticket.token),
    // The Audience's ticket resolves for its holder only (requireHolder above); checked again for the secret.
    qrSecret: (ticket, _args, context) => {
      requireHolder(context.viewer, ticket.audience);
      return ticket.qrSecret;
    },
    qrPeriodSeconds: (ticket) => ticket.qrPeriodSeconds,
    holderName: (ticket) => ticket.audience.name ?? '',
    photo: (ticket, _args, context) => (ticket.audience.entryPhotoId ? context.loaders.photo.load(ticket.audience.entryPhotoId) : null),
    visitDates: (ticket, _args, context) => context.loaders.visitDates.load(ticket.audience.id),
  },
};
