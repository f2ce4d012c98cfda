import { ZBadgeTemplateInput, ZKioskLookupInput } from '@portal/shared/badge-print/badge-print.schema';
import { ZTicketId } from '@portal/shared/ticket/ticket.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

/** The badge templates, a ticket's prints and the kiosk's look-up: parse with the shared schemas; the service authorises. */
export const badgePrintResolvers: Resolvers = {
  Query: {
    badgeTemplates: (_parent, _args, context) => context.services.badgePrint.templates(context.viewer),
    badgePrints: (_parent, { ticketId }, context) => context.services.badgePrint.printsOf(context.viewer, parseInput(ZTicketId, ticketId)),
    kioskLookup: (_parent, args, context) => context.services.badgePrint.lookup(context.viewer, parseInput(ZKioskLookupInput, args).query),
  },
  Mutation: {
    saveBadgeTemplate: (_parent, { input }, context) => context.services.badgePrint.saveTemplate(context.viewer, parseInput(ZBadgeTemplateInput, input), context.origin),
  },
};
