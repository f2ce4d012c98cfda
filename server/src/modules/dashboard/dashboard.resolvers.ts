import type { Resolvers } from '../../graphql/resolvers.generated';

export const dashboardResolvers: Resolvers = {
  Query: {
    dashboard: (_parent, _args, context) => context.services.dashboard.open(context.viewer),
  },
  Dashboard: {
    applications: (_parent, _args, context) => context.services.dashboard.applicationsFor(context.viewer),
    exhibitors: (_parent, _args, context) => context.services.dashboard.exhibitorsFor(context.viewer),
    admissions: (_parent, { day }, context) => context.services.dashboard.admissionsFor(context.viewer, day),
  },
};
