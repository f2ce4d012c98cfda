import { gateRuleList, gateRulesOf, ZSaveGateRulesInput } from '@portal/shared/ticket/gate-rules.schema';
import { ZActivationCodeId, ZActivationCodeListInput, ZGenerateActivationCodesInput } from '@portal/shared/activation-code/activation-code.schema';
import { ZSaveProjectSettingsInput } from '@portal/shared/show/project-settings.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

export const projectResolvers: Resolvers = {
  Query: {
    projectSettings: (_parent, _args, context) => context.services.projectSettings.settings(context.viewer),
    activationCodes: (_parent, args, context) => context.services.activationCodeOffice.list(context.viewer, parseInput(ZActivationCodeListInput, args)),
    activationCodeBatches: (_parent, _args, context) => context.services.activationCodeOffice.batches(context.viewer),
  },
  Mutation: {
    saveProjectSettings: (_parent, { input }, context) => context.services.projectSettings.save(context.viewer, parseInput(ZSaveProjectSettingsInput, input), context.origin),
    saveGateRules: (_parent, { input }, context) => context.services.projectSettings.saveGateRules(context.viewer, parseInput(ZSaveGateRulesInput, input), context.origin),
    generateActivationCodes: (_parent, args, context) => context.services.activationCodeOffice.generate(context.viewer, parseInput(ZGenerateActivationCodesInput, args), context.origin),
    voidActivationCode: (_parent, { id }, context) => context.services.activationCodeOffice.void(context.viewer, parseInput(ZActivationCodeId, id), context.origin),
  },
  ProjectSettings: {
    version: (model) => model.setting.version,
    nameZh: (model) => model.setting.nameZh,
    nameEn: (model) => model.setting.nameEn,
    showWebsiteUrl: (model) => model.setting.showWebsiteUrl,
    audienceRegOpen: (model) => model.setting.audienceRegOpen,
    exhibitorRegOpen: (model) => model.setting.exhibitorRegOpen,
    audienceUpdateDeadline: (model) => model.setting.audienceUpdateDeadline,
    retentionDays: (model) => model.setting.retentionDays,
    waitlistOfferHours: (model) => model.setting.waitlistOfferHours,
    qrPeriodSeconds: (model) => model.setting.qrPeriodSeconds,
    ticketRules: (model) => gateRuleList(gateRulesOf(model.setting.ticketGateRules)),
    updatedAt: (model) => model.setting.updatedAt,
  },
};
