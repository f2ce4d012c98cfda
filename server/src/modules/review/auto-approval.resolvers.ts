import { ZSaveAutoApprovalRulesInput } from '@portal/shared/review/auto-approval.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const autoApprovalResolvers: Resolvers = {
  Query: {
    autoApprovalRules: (_parent, _args, context) => context.services.autoApproval.rules(context.viewer),
    autoApprovalBatches: (_parent, _args, context) => context.services.autoApproval.batches(context.viewer),
  },
  Mutation: {
    saveAutoApprovalRules: (_parent, args, context) => context.services.autoApproval.save(context.viewer, parseInput(ZSaveAutoApprovalRulesInput, args), context.origin),
  },
};
