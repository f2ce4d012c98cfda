import type { Resolvers } from '../../graphql/resolvers.generated';
import { qrCodeDrawingOf } from '../../lib/qr-code';

/** The ticket office's GraphQL edge (/wo/ticket/list); the service authorises and audits. */
export const ticketOfficeResolvers: Resolvers = {
  Query: {
    tickets: (_parent, args, context) => context.services.ticketOffice.list(context.viewer, args),
    ticketAdmissions: (_parent, { ticketId }, context) => context.services.ticketOffice.admissions(context.viewer, ticketId),
    ticketHistory: (_parent, { ticketId }, context) => context.services.ticketOffice.history(context.viewer, ticketId),
    ticketFaceCheck: (_parent, { ticketId }, context) => context.services.ticketOffice.faceCheck(context.viewer, ticketId, context.origin),
    ticketQr: (_parent, { ticketId }, context) => context.services.ticketOffice.qr(context.viewer, ticketId, context.origin),
  },
  OfficeTicketQr: {
    qr: (ticketQr) => qrCodeDrawingOf(ticketQr.token),
  },
  Mutation: {
    markTicketFaceChecked: (_parent, { ticketId }, context) => context.services.ticketOffice.markFaceChecked(context.viewer, ticketId, context.origin),
    revokeTicket: (_parent, { ticketId, reason }, context) => context.services.ticketOffice.revoke(context.viewer, { id: ticketId, reason }, context.origin),
    reinstateTicket: (_parent, { ticketId, reason }, context) => context.services.ticketOffice.reinstate(context.viewer, { id: ticketId, reason }, context.origin),
  },
};
