import type { TApproveSubmissionsInput, TRejectSubmissionsInput, TSubmissionListInput } from '@portal/shared/submission/submission.schema';
import type { SubmissionRow, SubmissionTableQueries } from '../../lib/submission-tables';
import type { Viewer } from '../../lib/viewer';
import type { RequestOrigin } from '../audit/audit.models';
import type { SubmissionSpec } from './submission-spec';
import type { SubmissionWorkflowService } from './submission-workflow.service';

/**
 * What every kind of submission queued by submission time offers through the review workflow (its own
 * list, the organizers' queue, decisions, history); catalog, banner and product services extend it with
 * their filing rules.
 */
export class SubmissionKindService<TRow extends SubmissionRow> {
  constructor(
    protected readonly workflow: SubmissionWorkflowService,
    protected readonly spec: SubmissionSpec<TRow> & { queries: SubmissionTableQueries<TRow> },
  ) {}

  /** The company's own items, paged and filtered like the queue. */
  mine(viewer: Viewer | undefined, input: TSubmissionListInput) {
    return this.workflow.listOwn(this.spec.queries, viewer, input);
  }

  list(viewer: Viewer | undefined, input: TSubmissionListInput) {
    return this.workflow.list(this.spec.queries, viewer, input);
  }

  approve(viewer: Viewer | undefined, input: TApproveSubmissionsInput, origin: RequestOrigin) {
    return this.workflow.approve(this.spec, viewer, input, origin);
  }

  reject(viewer: Viewer | undefined, input: TRejectSubmissionsInput, origin: RequestOrigin) {
    return this.workflow.reject(this.spec, viewer, input, origin);
  }

  historyOf(row: TRow) {
    return this.workflow.historyOf(this.spec, row.id);
  }
}
