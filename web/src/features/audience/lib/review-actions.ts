/**
 * Which review actions a selection allows (DESIGN §6): WAIT → DONE (approve) or → REFUSE (refuse, with
 * a reason); DONE → REFUSE (revoke, with a reason); REFUSE and CREATED allow nothing. The server refuses
 * a whole batch when one row is in the wrong state (AUDIENCE_ILLEGAL_TRANSITION), so the UI offers an
 * action only when every selected row allows it.
 */
import type { ApproveStatus } from '../../../graphql/operations.generated';

/** The server's batch limit (ZApproveApplicationInput / ZRefuseApplicationInput in shared). */
export const REVIEW_BATCH_MAX = 500;
/** shared/src/audience/audience.schema.ts REFUSE_REASON_MAX_LENGTH (kept here so the page does not load zod; a test checks they agree). */
export const REFUSE_REASON_MAX = 500;

export type ReviewAction = 'approve' | 'refuse' | 'revoke';

/** The actions of one application in the detail drawer. */
export function actionsForStatus(status: ApproveStatus): ReviewAction[] {
  switch (status) {
    case 'WAIT':
      return ['approve', 'refuse'];
    case 'DONE':
      return ['revoke'];
    case 'REFUSE':
    case 'CREATED':
      return [];
  }
}

/** A row can be selected for a bulk action only when it allows one. */
export function isSelectable(status: ApproveStatus): boolean {
  return actionsForStatus(status).length > 0;
}

/** Why a bulk action is not offered; the toolbar shows it as a hint. */
export type BulkBlock = 'empty' | 'tooMany' | 'notAllPending' | 'notAllReviewable';

export interface BulkRules {
  approve: { allowed: boolean; block: BulkBlock | null };
  /** Refuses pending rows and revokes approved ones, with one reason. */
  refuse: { allowed: boolean; block: BulkBlock | null; revokes: number };
}

/** The bulk actions the selected rows' states allow. */
export function bulkRules(statuses: readonly ApproveStatus[]): BulkRules {
  const count = statuses.length;
  const common: BulkBlock | null = count === 0 ? 'empty' : count > REVIEW_BATCH_MAX ? 'tooMany' : null;
  const approveBlock = common ?? (statuses.every((status) => status === 'WAIT') ? null : 'notAllPending');
  const refuseBlock = common ?? (statuses.every((status) => status === 'WAIT' || status === 'DONE') ? null : 'notAllReviewable');
  return {
    approve: { allowed: approveBlock === null, block: approveBlock },
    refuse: { allowed: refuseBlock === null, block: refuseBlock, revokes: statuses.filter((status) => status === 'DONE').length },
  };
}

/** The reason as sent: trimmed; valid when 1..REFUSE_REASON_MAX characters. */
export function normaliseReason(reason: string): { value: string; valid: boolean } {
  const value = reason.trim();
  return { value, valid: value.length > 0 && value.length <= REFUSE_REASON_MAX };
}
