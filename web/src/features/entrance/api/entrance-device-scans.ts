import { useQuery } from '@tanstack/react-query';
import { EntranceDeviceScansDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { ENTRANCE_DEVICES_KEY } from './entrance-devices';

/** A device's latest scans (the log drawer), refreshed with the device list's interval while it is open. */
export function useEntranceDeviceScans(deviceId: string | undefined) {
  return useQuery({
    queryKey: [...ENTRANCE_DEVICES_KEY, 'scans', deviceId] as const,
    queryFn: ({ signal }) => graphqlRequest(EntranceDeviceScansDocument, { deviceId: deviceId ?? '' }, signal).then((data) => data.entranceDeviceScans),
    enabled: deviceId !== undefined,
    refetchInterval: 15_000,
  });
}
