import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZStaffListInput, type TStaffListInput } from '@portal/shared/staff/staff.schema';
import { StaffDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Every staff query and mutation invalidates under this key. */
export const STAFF_KEY = ['staff'] as const;

/** One page of the staff list, filtered and paged on the server. */
export function useStaff(input: TStaffListInput) {
  const { keyword, role, disabled, page, pageSize } = ZStaffListInput.parse(input);
  const variables = { filter: { keyword, role, disabled }, page, pageSize };
  return useQuery({
    queryKey: [...STAFF_KEY, variables],
    queryFn: ({ signal }) => graphqlRequest(StaffDocument, variables, signal).then((data) => data.staff),
    placeholderData: (previous) => previous,
  });
}

/** A change of the staff list: the list is fetched again once it succeeded. */
export function useStaffMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }) });
}
