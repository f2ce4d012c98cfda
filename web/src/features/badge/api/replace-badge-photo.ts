import { ZBadgePhotoReplaceInput } from '@portal/shared/badge/badge.schema';
import { ReplaceBadgePhotoDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/**
 * The new entry-card photo with the code sent to the badge's mobile (multipart); the badge goes back to review.
 * `counterCheck`: the badge is verified at the counter (its look-up says so) — the picture gets no face detection.
 */
export async function replaceBadgePhoto(input: { idNumber: string; phoneNumber: string; code: string; counterCheck: boolean }, file: File) {
  const data = await graphqlRequest(ReplaceBadgePhotoDocument, { ...ZBadgePhotoReplaceInput.parse(input), file });
  return data.replaceBadgePhoto;
}
