import { useMutation } from '@tanstack/react-query';
import { UploadPhotoDocument, type PhotoPurpose } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/**
 * One picture as a multipart GraphQL request; the server checks it again (type, size, pixels, face) and stores it.
 * `counterCheck`: its person is verified at the counter — no face detection, no face data kept.
 */
export async function uploadPhoto(file: Blob, purpose: PhotoPurpose, counterCheck = false) {
  const data = await graphqlRequest(UploadPhotoDocument, { file: file as File, purpose, counterCheck });
  return data.uploadPhoto;
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: ({ file, purpose }: { file: Blob; purpose: PhotoPurpose }) => uploadPhoto(file, purpose) });
}
