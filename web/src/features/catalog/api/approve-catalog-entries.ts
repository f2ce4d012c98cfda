import { ZApproveSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { ApproveCatalogEntriesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → APPROVED for every id; the server refuses the whole batch if one is not pending. */
export function approveCatalogEntries(ids: readonly string[]) {
  return graphqlRequest(ApproveCatalogEntriesDocument, ZApproveSubmissionsInput.parse({ ids: [...ids] })).then((data) => data.approveCatalogEntries);
}
