import { ZDeviceInput, type TDeviceInput } from '@portal/shared/entrance/entrance.schema';
import { UpdateEntranceDeviceDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useEntranceDeviceMutation } from './entrance-devices';

/** A device's name, place, kind and rights (its token stays). */
export function updateEntranceDevice({ id, input }: { id: string; input: TDeviceInput }) {
  return graphqlRequest(UpdateEntranceDeviceDocument, { id, input: ZDeviceInput.parse(input) }).then((data) => data.updateEntranceDevice);
}

export const useUpdateEntranceDevice = () => useEntranceDeviceMutation(updateEntranceDevice);
