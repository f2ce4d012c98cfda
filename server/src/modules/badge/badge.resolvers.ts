import { maskIdNumber } from '@portal/shared/application/id-number';
import { AppError } from '../../lib/app-error';
import { qrCodeDrawingOf } from '../../lib/qr-code';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { requireBadgeReviewer } from './badge.policy';

export const badgeResolvers: Resolvers = {
  Query: {
    ownBadges: (_parent, { filter, page, pageSize }, context) => context.services.badges.ownList(context.viewer, { ...filter, page, pageSize }),
    ownBadge: (_parent, { id }, context) => context.services.badges.own(context.viewer, id),
    badges: (_parent, { filter, page, pageSize }, context) => context.services.badges.queue(context.viewer, { ...filter, page, pageSize }),
    badge: (_parent, { id }, context) => context.services.badges.detail(context.viewer, id, context.origin),
  },
  Mutation: {
    saveBadge: (_parent, { id, input }, context) => context.services.badges.save(context.viewer, id, input, context.origin),
    deleteBadge: (_parent, { id }, context) => context.services.badges.remove(context.viewer, id, context.origin),
    approveBadges: (_parent, args, context) => context.services.badges.approve(context.viewer, args, context.origin),
    rejectBadges: (_parent, args, context) => context.services.badges.reject(context.viewer, args, context.origin),
    badgeTicket: (_parent, { captcha, ...input }, context) => context.services.badges.ticket(input, captcha, context.origin.ip),
    sendBadgePhotoCode: (_parent, { captcha, ...input }, context) => context.services.badges.sendPhotoCode(input, captcha, context.origin, context.locale),
    replaceBadgePhoto: async (_parent, { file, ...input }, context) => context.services.badges.replacePhoto(input, await file, context.origin),
  },
  Badge: {
    idNumber: (badge) => (badge.revealed ? badge.idNumber : null),
    idNumberMasked: (badge) => maskIdNumber(badge.idNumber),
    createDate: (badge) => badge.createdAt,
    entryPhoto: (badge, _args, context) => (badge.entryPhotoId ? context.loaders.photo.load(badge.entryPhotoId) : null),
    idPhoto: (badge, _args, context) => (badge.idPhotoId ? context.loaders.photo.load(badge.idPhotoId) : null),
    exhibitor: async (badge, _args, context) => (await context.services.exhibitors.findById(badge.exhibitorId)) ?? null,
    statusHistory: (badge, _args, context) => {
      if (!context.services.badges.canRead(context.viewer, badge)) throw new AppError('FORBIDDEN');
      return context.services.badges.statusHistoryOf(badge.id);
    },
    faceMatchScore: (badge, _args, context) => {
      requireBadgeReviewer(context.viewer);
      return badge.revealed ? context.services.badges.faceMatchScoreOf(badge) : null;
    },
  },
  BadgeStatusChange: {
    actorName: async (change, _args, context) => (change.actorId ? ((await context.loaders.account.load(change.actorId))?.name ?? null) : null),
  },
  BadgeTicket: {
    token: (ticket) => ticket.token,
    qr: (ticket) => qrCodeDrawingOf(ticket.token),
    name: (ticket) => ticket.badge.name,
    namePinyin: (ticket) => ticket.badge.namePinyin,
    companyNameZh: (ticket) => ticket.badge.companyNameZh,
    companyNameEn: (ticket) => ticket.badge.companyNameEn,
  },
};
