/**
 * Which review actions a selection allows (DESIGN §6): WAIT → DONE (approve) or → REFUSE (refuse, with
 * a reason); DONE → REFUSE (revoke, with a reason); REFUSE and CREATED allow nothing. The server refuses
 * a whole batch when one row is in the wrong state (AUDIENCE_ILLEGAL_TRANSITION), so the UI offers an
 * action only when every selected row allows it.
 */
import type { ApproveStatus } from '@portal/shared/application/application-status';
import { MAX_BULK_DECISIONS, ZRefuseApplicationsInput } from '@portal/shared/review/review.schema';

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
  const common: BulkBlock | null = count === 0 ? 'empty' : count > MAX_BULK_DECISIONS ? 'tooMany' : null;
  const approveBlock = common ?? (statuses.every((status) => status === 'WAIT') ? null : 'notAllPending');
  const refuseBlock = common ?? (statuses.every((status) => status === 'WAIT' || status === 'DONE') ? null : 'notAllReviewable');
  return {
    approve: { allowed: approveBlock === null, block: approveBlock },
    refuse: { allowed: refuseBlock === null, block: refuseBlock, revokes: statuses.filter((status) => status === 'DONE').length },
  };
}

/** The reason as sent, checked by the shared schema: trimmed, 1..REFUSE_REASON_MAX_LENGTH characters of plain text. */
export function normaliseReason(reason: string): { value: string; valid: boolean } {
  const parsed = ZRefuseApplicationsInput.shape.reason.safeParse(reason);
  return parsed.success ? { value: parsed.data, valid: true } : { value: reason.trim(), valid: false };
}
