import { ZWaitlistDayInput } from '@portal/shared/application/waitlist.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireScope } from '../../lib/authorize';
import { parseInput } from '../../lib/validation';
import { isOwnApplication } from './application.policy';

/** The waitlist of full days: the visitor's three actions and entries, the organizers' figures per day. */
export const waitlistResolvers: Resolvers = {
  Mutation: {
    joinWaitlist: (_parent, args, context) => context.services.waitlist.join(requireScope(context.viewer, 'audience'), parseInput(ZWaitlistDayInput, args)),
    leaveWaitlist: (_parent, args, context) => context.services.waitlist.leave(requireScope(context.viewer, 'audience'), parseInput(ZWaitlistDayInput, args)),
    confirmWaitlistOffer: (_parent, args, context) => context.services.waitlist.confirm(requireScope(context.viewer, 'audience'), parseInput(ZWaitlistDayInput, args)),
  },
  Audience: {
    // The visitor's own line only: organizers see the lengths per day.
    waitlist: (application, _args, context) => (isOwnApplication(context.viewer, application) ? context.services.waitlist.entriesOf(application.id) : []),
  },
  OfficeShowDay: {
    waitlistWaiting: async (showDay, _args, context) => (await context.loaders.waitlistLengths.load(showDay.day)).waiting,
    waitlistOffered: async (showDay, _args, context) => (await context.loaders.waitlistLengths.load(showDay.day)).offered,
  },
};
