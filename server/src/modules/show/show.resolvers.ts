import type { Resolvers } from '../../graphql/resolvers.generated';

export const showResolvers: Resolvers = {
  Query: {
    // Public: the registration pages read it before anyone signs in.
    project: () => ({}),
  },
  Project: {
    setting: (_project, _args, context) => context.services.show.setting(),
    showDays: (_project, _args, context) => context.services.show.showDays(),
    channels: (_project, _args, context) => context.services.show.channels(),
  },
  Channel: {
    name: (channel, _args, context) => (context.locale === 'zh-CN' ? channel.nameZh : channel.nameEn),
  },
};
