import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoPurposeName, PhotoValue } from '../../components/photo-upload';
import { SubmissionExhibitorsDocument, UploadSubmissionPictureDocument } from '../../graphql/operations.generated';
import { graphqlRequest } from '../graphql-client';

/**
 * Uploads a catalog logo, banner or product picture, a badge photo, or an organizer's company logo; the server checks
 * it again and keeps it private. `counterCheck`: a badge photo of someone verified at the counter (no face detection).
 */
export function uploadSubmissionPicture(file: File, purpose: PhotoPurposeName, counterCheck = false): Promise<PhotoValue> {
  return graphqlRequest(UploadSubmissionPictureDocument, { file, purpose, counterCheck }).then((data) => data.uploadPhoto);
}

/** The companies for the organizers' exhibitor filter (about 1,000 at a large show). */
export const submissionExhibitorsQuery = queryOptions({
  queryKey: ['submissions', 'exhibitors'] as const,
  queryFn: ({ signal }) => graphqlRequest(SubmissionExhibitorsDocument, {}, signal).then((data) => data.submissionExhibitors),
  staleTime: 60_000,
});

export function useSubmissionExhibitors() {
  return useQuery(submissionExhibitorsQuery);
}
