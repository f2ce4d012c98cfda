import { maskMobile, ZConfirmGroupMembershipInput, ZCreateGroupInput, ZGroupId, ZGroupMemberId, ZSetGroupLimitInput } from '@portal/shared/visitor-group/visitor-group';
import type { Resolvers } from '../../graphql/resolvers.generated';
import { parseInput } from '../../lib/validation';
import { portalOriginOf } from './visitor-group.routes';

/** Groups registered by an agent: parse with the shared schemas; the service authorises. */
export const visitorGroupResolvers: Resolvers = {
  Query: {
    visitorGroups: (_parent, _args, context) => context.services.visitorGroups.list(context.viewer),
    myVisitorGroups: (_parent, _args, context) => context.services.visitorGroups.ofAgent(context.viewer),
    visitorGroup: (_parent, { id }, context) => context.services.visitorGroups.group(context.viewer, parseInput(ZGroupId, id)),
    myGroupMembership: (_parent, _args, context) => context.services.visitorGroups.membership(context.viewer),
  },
  Mutation: {
    createVisitorGroup: (_parent, { input }, context) => context.services.visitorGroups.create(context.viewer, parseInput(ZCreateGroupInput, input), portalOriginOf(context.request), context.origin),
    setVisitorGroupLimit: (_parent, args, context) => context.services.visitorGroups.setLimit(context.viewer, parseInput(ZSetGroupLimitInput, args), context.origin),
    inviteGroupMemberAgain: (_parent, { memberId }, context) => context.services.visitorGroups.inviteAgain(context.viewer, parseInput(ZGroupMemberId, memberId), portalOriginOf(context.request), context.origin),
    removeGroupMember: (_parent, { memberId }, context) => context.services.visitorGroups.removeMember(context.viewer, parseInput(ZGroupMemberId, memberId), context.origin),
    confirmGroupMembership: (_parent, { input }, context) => context.services.visitorGroups.confirm(context.viewer, parseInput(ZConfirmGroupMembershipInput, input), context.origin),
    deleteVisitorGroup: (_parent, { groupId }, context) => context.services.visitorGroups.remove(context.viewer, parseInput(ZGroupId, groupId), context.origin),
    approveVisitorGroup: (_parent, { groupId }, context) => context.services.visitorGroups.approveWaiting(context.viewer, parseInput(ZGroupId, groupId), context.origin),
  },
  VisitorGroup: {
    agentMobileMasked: (group) => maskMobile(group.agentMobile),
    memberList: (group, _args, context) => context.services.visitorGroups.members(context.viewer, group.id),
  },
  VisitorGroupMember: {
    mobileMasked: (member) => maskMobile(member.mobile),
    idNumberMasked: (member) => `****${member.idNumberLast4}`,
  },
};
