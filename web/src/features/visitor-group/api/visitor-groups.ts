import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportMode } from '@portal/shared/activation-code/activation-code.schema';
import { ZConfirmGroupMembershipInput, ZCreateGroupInput, type GroupImportRowProblem, type TConfirmGroupMembershipInput, type TCreateGroupInput } from '@portal/shared/visitor-group/visitor-group';
import {
  ApproveVisitorGroupDocument,
  ConfirmGroupMembershipDocument,
  CreateVisitorGroupDocument,
  DeleteVisitorGroupDocument,
  InviteGroupMemberAgainDocument,
  MyGroupMembershipDocument,
  MyGroupStandingDocument,
  MyVisitorGroupsDocument,
  RemoveGroupMemberDocument,
  SetVisitorGroupLimitDocument,
  VisitorGroupMembersDocument,
  VisitorGroupsDocument,
  type VisitorGroupFieldsFragment,
  type VisitorGroupMembersQuery,
} from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { importSpreadsheet, type ImportReport } from '../../../lib/spreadsheet-import';

export type VisitorGroup = VisitorGroupFieldsFragment;
export type GroupMember = VisitorGroupMembersQuery['visitorGroup']['memberList'][number];

/** Every query of a group, so that one change refreshes the lists, the members and the membership. */
export const GROUPS_KEY = ['visitor-group'] as const;

/** POST /apis/files/imports/group-members (server/src/modules/visitor-group/visitor-group.routes.ts). */
export const GROUP_IMPORT_PATH = '/apis/files/imports/group-members';

/** Organizers: every group; the agent (`mine`): the groups made for their mobile. */
export function useVisitorGroups(mine: boolean) {
  return useQuery({
    queryKey: [...GROUPS_KEY, mine ? 'mine' : 'all'],
    queryFn: ({ signal }) => (mine ? graphqlRequest(MyVisitorGroupsDocument, {}, signal).then((data) => data.myVisitorGroups) : graphqlRequest(VisitorGroupsDocument, {}, signal).then((data) => data.visitorGroups)),
  });
}

export function useGroupMembers(groupId: string | null) {
  return useQuery({
    queryKey: [...GROUPS_KEY, 'members', groupId],
    queryFn: ({ signal }) => graphqlRequest(VisitorGroupMembersDocument, { id: groupId ?? '' }, signal).then((data) => data.visitorGroup),
    enabled: groupId !== null,
  });
}

export const myGroupMembershipQuery = queryOptions({
  queryKey: [...GROUPS_KEY, 'membership'],
  queryFn: ({ signal }) => graphqlRequest(MyGroupMembershipDocument, {}, signal).then((data) => data.myGroupMembership),
});

export function useMyGroupMembership() {
  return useQuery(myGroupMembershipQuery);
}

/** Whether the visitor was entered in a group (and confirmed it) and how many groups they manage as an agent. */
export function useMyGroupStanding() {
  return useQuery({ queryKey: [...GROUPS_KEY, 'standing'], queryFn: ({ signal }) => graphqlRequest(MyGroupStandingDocument, {}, signal) });
}

/** A mutation that refreshes every group query once it settles. */
function useGroupMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: GROUPS_KEY }) });
}

export const useCreateGroup = () => useGroupMutation((input: TCreateGroupInput) => graphqlRequest(CreateVisitorGroupDocument, { input: ZCreateGroupInput.parse(input) }).then((data) => data.createVisitorGroup));
export const useSetGroupLimit = () =>
  useGroupMutation((input: { groupId: string; memberLimit: number }) => graphqlRequest(SetVisitorGroupLimitDocument, input).then((data) => data.setVisitorGroupLimit));
export const useInviteAgain = () => useGroupMutation((memberId: string) => graphqlRequest(InviteGroupMemberAgainDocument, { memberId }).then((data) => data.inviteGroupMemberAgain));
export const useRemoveMember = () => useGroupMutation((memberId: string) => graphqlRequest(RemoveGroupMemberDocument, { memberId }).then((data) => data.removeGroupMember));
export const useDeleteGroup = () => useGroupMutation((groupId: string) => graphqlRequest(DeleteVisitorGroupDocument, { groupId }).then((data) => data.deleteVisitorGroup));
export const useApproveGroup = () => useGroupMutation((groupId: string) => graphqlRequest(ApproveVisitorGroupDocument, { groupId }).then((data) => data.approveVisitorGroup));
export const useConfirmMembership = () =>
  useGroupMutation((input: TConfirmGroupMembershipInput) => graphqlRequest(ConfirmGroupMembershipDocument, { input: ZConfirmGroupMembershipInput.parse(input) }).then((data) => data.confirmGroupMembership));

/** Imports the member list into the group: NDJSON progress, then the per-row report. */
export function importGroupMembers(groupId: string, file: File, mode: ImportMode, onProgress: (rows: number) => void): Promise<ImportReport<GroupImportRowProblem>> {
  return importSpreadsheet<GroupImportRowProblem>(GROUP_IMPORT_PATH, file, { groupId, mode }, 'GROUP_IMPORT_FILE_INVALID', onProgress);
}
