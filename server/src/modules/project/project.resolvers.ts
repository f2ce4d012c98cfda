import type { Resolvers } from '../../graphql/resolvers.generated';

export const projectResolvers: Resolvers = {
  Query: {
    // Public: the registration pages read it before anyone signs in.
    project: () => ({}),
  },
  Project: {
    setting: async (_project, _args, context) => {
      const setting = await context.services.projects.setting();
      return { audienceRegOpen: setting.audienceRegOpen, exhibitorRegOpen: setting.exhibitorRegOpen };
    },
  },
};
