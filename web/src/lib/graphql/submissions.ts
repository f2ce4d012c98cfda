import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhotoPurposeName, PhotoValue } from '../../components/photo-upload';
import { SubmissionExhibitorsDocument, UploadSubmissionPictureDocument } from '../../graphql/operations.generated';
import { graphqlRequest } from '../graphql-client';

/** Uploads a catalog logo, banner or product picture, or an organizer's company logo; the server checks it again and keeps it private. */
export function uploadSubmissionPicture(file: File, purpose: PhotoPurposeName): Promise<PhotoValue> {
  return graphqlRequest(UploadSubmissionPictureDocument, { file, purpose }).then((data) => data.uploadPhoto);
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
