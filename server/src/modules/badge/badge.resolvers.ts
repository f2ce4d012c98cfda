import { maskIdNumber } from '@portal/shared/application/id-number';
import { badgeInputSchema, ZBadgeId, ZBadgeListInput, ZBadgePhotoReplaceInput, ZBadgeTicketInput } from '@portal/shared/badge/badge.schema';
import { ZApproveSubmissionsInput, ZRejectSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import { qrCodeDrawingOf } from '../../lib/qr-code';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireBadgeReviewer } from './badge.policy';

export const badgeResolvers: Resolvers = {
  Query: {
    ownBadges: (_parent, { filter, page, pageSize }, context) => context.services.badges.ownList(context.viewer, parseInput(ZBadgeListInput, { ...filter, page, pageSize })),
    ownBadge: (_parent, { id }, context) => context.services.badges.own(context.viewer, ZBadgeId.safeParse(id).data ?? null),
    badges: (_parent, { filter, page, pageSize }, context) => context.services.badges.queue(context.viewer, parseInput(ZBadgeListInput, { ...filter, page, pageSize })),
    badge: (_parent, { id }, context) => context.services.badges.detail(context.viewer, ZBadgeId.safeParse(id).data ?? null, context.origin),
  },
  Mutation: {
    saveBadge: async (_parent, { id, input }, context) => {
      const badgeId = id === null || id === undefined ? null : parseInput(ZBadgeId, id);
      const parsed = parseInput(badgeInputSchema(await context.services.badgeFiling.ruleContext()), input);
      return context.services.badgeFiling.save(context.viewer, badgeId, parsed, context.origin);
    },
    deleteBadge: (_parent, { id }, context) => context.services.badgeFiling.remove(context.viewer, ZBadgeId.safeParse(id).data ?? null, context.origin),
    approveBadges: (_parent, args, context) => context.services.badgeReview.approve(context.viewer, parseInput(ZApproveSubmissionsInput, args), context.origin),
    rejectBadges: (_parent, args, context) => context.services.badgeReview.reject(context.viewer, parseInput(ZRejectSubmissionsInput, args), context.origin),
    badgeTicket: (_parent, { captcha, ...input }, context) => {
      const lookup = parseInput(ZBadgeTicketInput, input);
      return context.services.admission.run(context.request, () => context.services.badgeTicket.ticket(lookup, captcha, context.origin.ip));
    },
    sendBadgePhotoCode: (_parent, { captcha, ...input }, context) =>
      context.services.badgeTicket.sendPhotoCode(parseInput(ZBadgeTicketInput, input), captcha, context.origin, context.locale),
    replaceBadgePhoto: async (_parent, { file, ...input }, context) => context.services.badgeTicket.replacePhoto(parseInput(ZBadgePhotoReplaceInput, input), await file, context.origin),
  },
  Badge: {
    idNumber: (badge) => (badge.revealed ? badge.idNumber : null),
    idNumberMasked: (badge) => maskIdNumber(badge.idNumber),
    createDate: (badge) => badge.createdAt,
    reviewedAt: (badge) => badge.decidedAt,
    entryPhoto: (badge, _args, context) => (badge.entryPhotoId ? context.loaders.photo.load(badge.entryPhotoId) : null),
    idPhoto: (badge, _args, context) => (badge.idPhotoId ? context.loaders.photo.load(badge.idPhotoId) : null),
    exhibitor: async (badge, _args, context) => (await context.services.exhibitors.findById(badge.exhibitorId)) ?? null,
    statusHistory: (badge, _args, context) => {
      if (!context.services.badges.canRead(context.viewer, badge)) throw new AppError('FORBIDDEN');
      return context.services.badgeReview.historyOf(badge.id);
    },
    faceMatchScore: (badge, _args, context) => {
      requireBadgeReviewer(context.viewer);
      return badge.revealed ? context.services.badges.faceMatchScoreOf(badge) : null;
    },
  },
  BadgeTicket: {
    token: (ticket) => ticket.token,
    qr: (ticket) => qrCodeDrawingOf(ticket.token),
    name: (ticket) => ticket.badge.name,
    namePinyin: (ticket) => ticket.badge.namePinyin,
    companyNameZh: (ticket) => ticket.badge.companyNameZh,
    companyNameEn: (ticket) => ticket.badge.companyNameEn,
    counterCheck: (ticket) => ticket.badge.counterCheck,
  },
};
