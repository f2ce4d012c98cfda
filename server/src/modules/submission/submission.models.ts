import type { SubmissionChange } from '../../lib/submission-tables';

/** One state change of a badge, catalog entry, banner or product application (GraphQL SubmissionStatusChange). */
export type SubmissionStatusChangeModel = SubmissionChange;
