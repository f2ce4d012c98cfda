import { ZRejectSubmissionsInput } from '@portal/shared/submission/submission.schema';
import { RejectCatalogEntriesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

/** PENDING → REJECTED with the reason, for every id. */
export function rejectCatalogEntries(ids: readonly string[], reason: string) {
  return graphqlRequest(RejectCatalogEntriesDocument, ZRejectSubmissionsInput.parse({ ids: [...ids], reason })).then((data) => data.rejectCatalogEntries);
}
