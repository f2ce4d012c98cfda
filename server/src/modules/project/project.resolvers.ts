import type { Resolvers } from '../../graphql/resolvers.generated';

export const projectResolvers: Resolvers = {
  Query: {
    // Public: the registration pages read it before anyone signs in.
    project: () => ({}),
  },
  Project: {
    setting: (_project, _args, context) => context.services.projects.setting(),
    showDays: (_project, _args, context) => context.services.projects.showDaysWithRemaining(),
    channels: (_project, _args, context) => context.services.projects.channels(),
  },
  Channel: {
    name: (channel, _args, context) => (context.locale === 'zh-CN' ? channel.nameZh : channel.nameEn),
  },
};
