import { ZDecideLetterInput, ZLetterQueueInput, ZLetterTemplateInput, ZRequestLetterInput, ZRevokeLetterInput } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { ZBadgeId } from '@portal/shared/badge/badge.schema';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';

/** Invitation letters: parse with the shared schemas; the service authorises. */
export const invitationLetterResolvers: Resolvers = {
  Query: {
    letterHolder: (_parent, { badgeId }, context) => context.services.invitationLetters.holder(context.viewer, badgeId ? parseInput(ZBadgeId, badgeId) : null),
    companyInvitationLetters: (_parent, _args, context) => context.services.invitationLetters.companyLetters(context.viewer),
    invitationLetters: (_parent, args, context) => context.services.invitationLetters.queue(context.viewer, parseInput(ZLetterQueueInput, args)),
    letterTemplate: (_parent, _args, context) => context.services.invitationLetters.template(context.viewer),
  },
  Mutation: {
    requestInvitationLetter: (_parent, { input }, context) => context.services.invitationLetters.request(context.viewer, parseInput(ZRequestLetterInput, input), context.origin),
    decideInvitationLetter: (_parent, args, context) => context.services.invitationLetters.decide(context.viewer, parseInput(ZDecideLetterInput, args), context.origin),
    revokeInvitationLetter: (_parent, args, context) => context.services.invitationLetters.revoke(context.viewer, parseInput(ZRevokeLetterInput, args), context.origin),
    saveLetterTemplate: (_parent, { input }, context) => context.services.invitationLetters.saveTemplate(context.viewer, parseInput(ZLetterTemplateInput, input), context.origin),
  },
  InvitationLetter: {
    holderName: (letter) => letter.holderName,
    erased: (letter) => letter.erasedAt !== null,
  },
  LetterTemplate: {
    letterhead: (template, _args, context) => (template.letterheadPhotoId ? context.loaders.photo.load(template.letterheadPhotoId) : null),
    signature: (template, _args, context) => (template.signaturePhotoId ? context.loaders.photo.load(template.signaturePhotoId) : null),
  },
};
