import { ZDecideExtraBadgeOrderInput, ZExtraBadgeOrderListInput, ZOrderExtraBadgesInput, ZSaveBoothQuotaRuleInput } from '@portal/shared/exhibitor/badge-quota';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { requireCompanyMember } from './exhibitor.policy';
import { ZExhibitorId } from '@portal/shared/exhibitor/exhibitor.schema';
import { AppError } from '../../lib/app-error';

/** Badge quotas: the organizers' rules, the extra badge orders, the exhibitor's own breakdown. */
export const badgeQuotaResolvers: Resolvers = {
  Query: {
    boothQuotaRules: (_parent, _args, context) => context.services.badgeQuotas.rules(context.viewer),
    extraBadgeOrders: (_parent, { status, page, pageSize }, context) => context.services.extraBadgeOrders.list(context.viewer, parseInput(ZExtraBadgeOrderListInput, { status, page, pageSize })),
    ownBadgeQuota: async (_parent, _args, context) => {
      const { exhibitorId } = requireCompanyMember(context.viewer);
      const company = await context.services.exhibitors.findById(exhibitorId);
      if (!company) throw new AppError('NOT_FOUND');
      return context.loaders.badgeQuota.load(company);
    },
    ownExtraBadgeOrders: (_parent, _args, context) => context.services.extraBadgeOrders.own(context.viewer),
  },
  Mutation: {
    saveBoothQuotaRule: (_parent, { input }, context) => context.services.badgeQuotas.saveRule(context.viewer, parseInput(ZSaveBoothQuotaRuleInput, input), context.origin),
    orderExtraBadges: (_parent, { input }, context) => context.services.extraBadgeOrders.order(context.viewer, parseInput(ZOrderExtraBadgesInput, input), context.origin),
    cancelExtraBadgeOrder: (_parent, { id }, context) => context.services.extraBadgeOrders.cancel(context.viewer, parseInput(ZExhibitorId, id), context.origin),
    decideExtraBadgeOrder: (_parent, { input }, context) => context.services.extraBadgeOrders.decide(context.viewer, parseInput(ZDecideExtraBadgeOrderInput, input), context.origin),
  },
  BadgeQuota: {
    rule: (quota) => (quota.source === 'RULE' ? quota.rule : null),
    byArea: (quota) => (quota.source === 'RULE' ? quota.byArea : null),
  },
  ExtraBadgeOrder: {
    company: (order) => order.company ?? null,
  },
};
