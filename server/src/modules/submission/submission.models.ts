import type { SubmissionChange } from '../../lib/submission-tables';

/** One state change of a catalog entry, banner or product application (GraphQL SubmissionStatusChange). */
export type SubmissionStatusChangeModel = SubmissionChange;

/** The kinds of exhibitor submissions; also the audit rows' subject type and the messages' kind. */
export type SubmissionKind = 'catalog' | 'banner' | 'product';
