import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EntranceDevicesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** Every device query and mutation invalidates under this key. */
export const ENTRANCE_DEVICES_KEY = ['entranceDevices'] as const;
/** Heartbeats come every few seconds; the list follows them without a reload. */
const REFRESH_MS = 15_000;

/** Every registered device with its state and today's figures, refreshed every 15 s. */
export function useEntranceDevices() {
  return useQuery({
    queryKey: ENTRANCE_DEVICES_KEY,
    queryFn: ({ signal }) => graphqlRequest(EntranceDevicesDocument, {}, signal).then((data) => data.entranceDevices),
    refetchInterval: REFRESH_MS,
  });
}

/** A change of a device: the list is fetched again once it succeeded. */
export function useEntranceDeviceMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ENTRANCE_DEVICES_KEY }) });
}
