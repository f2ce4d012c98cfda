import type { SubmissionRow } from '../../lib/submission-tables';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionReviewService, SubmissionSpec } from './submission-review.service';

/**
 * What every kind of submission offers through the shared workflow (its own list, the organizers' queue,
 * decisions, history); catalog, banner and product services extend it with their filing rules.
 */
export class SubmissionKindService<TRow extends SubmissionRow> {
  constructor(
    protected readonly submissions: SubmissionReviewService,
    protected readonly spec: SubmissionSpec<TRow>,
  ) {}

  /** The company's own items, paged and filtered like the queue. */
  mine(viewer: Viewer | undefined, rawInput: unknown) {
    return this.submissions.listOwn(this.spec, viewer, rawInput);
  }

  list(viewer: Viewer | undefined, rawInput: unknown) {
    return this.submissions.list(this.spec, viewer, rawInput);
  }

  approve(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    return this.submissions.approve(this.spec, viewer, rawInput, origin);
  }

  reject(viewer: Viewer | undefined, rawInput: unknown, origin: RequestOrigin) {
    return this.submissions.reject(this.spec, viewer, rawInput, origin);
  }

  historyOf(row: TRow) {
    return this.submissions.historyOf(this.spec, row.id);
  }
}
