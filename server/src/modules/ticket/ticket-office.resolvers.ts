import { ZRevokeTicketInput, ZTicketId, ZTicketListInput } from '@portal/shared/ticket/ticket.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { qrCodeDrawingOf } from '../../lib/qr-code';
import { parseInput } from '../../lib/validation';

/** The ticket office's GraphQL edge (/wo/ticket/list): parses with the shared schemas; the service authorises and audits. */
export const ticketOfficeResolvers: Resolvers = {
  Query: {
    tickets: (_parent, args, context) => context.services.ticketOffice.list(context.viewer, parseInput(ZTicketListInput, args)),
    ticketAdmissions: (_parent, { ticketId }, context) => context.services.ticketOffice.admissions(context.viewer, parseInput(ZTicketId, ticketId)),
    ticketHistory: (_parent, { ticketId }, context) => context.services.ticketOffice.history(context.viewer, parseInput(ZTicketId, ticketId)),
    ticketFaceCheck: (_parent, { ticketId }, context) => context.services.ticketOffice.faceCheck(context.viewer, parseInput(ZTicketId, ticketId), context.origin),
    ticketQr: (_parent, { ticketId }, context) => context.services.ticketOffice.qr(context.viewer, parseInput(ZTicketId, ticketId), context.origin),
  },
  OfficeTicketQr: {
    qr: (ticketQr) => qrCodeDrawingOf(ticketQr.token),
  },
  Mutation: {
    markTicketFaceChecked: (_parent, { ticketId }, context) => context.services.ticketOffice.markFaceChecked(context.viewer, parseInput(ZTicketId, ticketId), context.origin),
    revokeTicket: (_parent, { ticketId, reason }, context) => context.services.ticketOffice.revoke(context.viewer, parseInput(ZRevokeTicketInput, { id: ticketId, reason }), context.origin),
    reinstateTicket: (_parent, { ticketId, reason }, context) =>
      context.services.ticketOffice.reinstate(context.viewer, parseInput(ZRevokeTicketInput, { id: ticketId, reason }), context.origin),
  },
};
