import { ZDeviceInput, type TDeviceInput } from '@portal/shared/entrance/entrance.schema';
import { RegisterEntranceDeviceDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { useEntranceDeviceMutation } from './entrance-devices';

/** A new device, without a token yet. */
export function registerEntranceDevice(input: TDeviceInput) {
  return graphqlRequest(RegisterEntranceDeviceDocument, { input: ZDeviceInput.parse(input) }).then((data) => data.registerEntranceDevice);
}

export const useRegisterEntranceDevice = () => useEntranceDeviceMutation(registerEntranceDevice);
