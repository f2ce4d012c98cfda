import { ZBadgePhotoReplaceInput } from '@portal/shared/badge/badge.schema';
import { ReplaceBadgePhotoDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** The new entry-card photo with the code sent to the badge's mobile (multipart); the badge goes back to review. */
export async function replaceBadgePhoto(input: { idNumber: string; phoneNumber: string; code: string }, file: File) {
  const data = await graphqlRequest(ReplaceBadgePhotoDocument, { ...ZBadgePhotoReplaceInput.parse(input), file });
  return data.replaceBadgePhoto;
}
