import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';

/**
 * The review workflow every exhibitor filing shares (badges, catalog entries, banners, products; DESIGN §6):
 * PENDING → APPROVED | REJECTED (reason) → edit → PENDING. Approved items are read-only to the exhibitor.
 * These three states are the one vocabulary of review; each API shows them as its SPEC names them
 * (`WIRE_STATUSES`): the exhibitor filings as they are, visitor applications as WAIT / DONE / REFUSE.
 */
export const SUBMISSION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export type SubmissionDecision = 'approve' | 'reject';

/** The kinds of reviewed filings; also the audit rows' subject type and the notices' kind. */
export const SUBMISSION_KINDS = ['badge', 'catalog', 'banner', 'product'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** How each API spells the review states, mapped once (SPEC: visitor applications are WAIT / DONE / REFUSE). */
export const WIRE_STATUSES = {
  submission: { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' },
  application: { PENDING: 'WAIT', APPROVED: 'DONE', REJECTED: 'REFUSE' },
} as const satisfies Record<string, Record<SubmissionStatus, string>>;

/**
 * A kind's decision rule: an organizer decides pending items; where `withdrawsApproval`, a rejection
 * may also withdraw an approval (a badge, a visitor application: the gate stops admitting it).
 */
export interface DecisionRule {
  withdrawsApproval: boolean;
}
export const DECISION_RULES: Record<SubmissionKind, DecisionRule> = {
  badge: { withdrawsApproval: true },
  catalog: { withdrawsApproval: false },
  banner: { withdrawsApproval: false },
  product: { withdrawsApproval: false },
};

/** The exhibitor may change (and so resubmit) what is not approved yet. */
export function isEditableByExhibitor(status: SubmissionStatus): boolean {
  return status !== 'APPROVED';
}

/** The state a decision moves an item to, or null when the kind's rule does not let it decide one in `status`. */
export function statusAfterDecision(status: SubmissionStatus, decision: SubmissionDecision, rule: DecisionRule): SubmissionStatus | null {
  if (decision === 'approve') return status === 'PENDING' ? 'APPROVED' : null;
  return status === 'PENDING' || (status === 'APPROVED' && rule.withdrawsApproval) ? 'REJECTED' : null;
}

/** Which decisions an item in `status` allows (the queues' buttons follow the server's rule). */
export function decisionsAllowed(status: SubmissionStatus, rule: DecisionRule): Record<SubmissionDecision, boolean> {
  return { approve: statusAfterDecision(status, 'approve', rule) !== null, reject: statusAfterDecision(status, 'reject', rule) !== null };
}

/** One limit for every kind's reject reason (and a visitor application's refusal reason). */
export const REJECT_REASON_MAX_LENGTH = 500;
/** One bulk decision covers at most this many items (five pages of the largest size). */
export const MAX_BULK_SUBMISSION_DECISIONS = 500;
export const SUBMISSION_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SUBMISSION_PAGE_SIZE = 20;
/** A queue's keyword (names, phone): nothing longer is meaningful. */
export const QUEUE_KEYWORD_MAX_LENGTH = 64;

const code = (value: ErrorCode) => ({ message: value });

/** A required line of plain text of at most `max` characters. */
export function requiredText(max: number) {
  return plainText('SUBMISSION_TEXT_REQUIRED').trim().min(1, code('SUBMISSION_TEXT_REQUIRED')).max(max, code('SUBMISSION_TEXT_TOO_LONG'));
}

export const URL_MAX_LENGTH = 500;
/** An http(s) address, as a company website or a banner link. */
export const ZWebUrl = requiredText(URL_MAX_LENGTH).refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}, code('SUBMISSION_URL_INVALID'));

export const ZSubmissionId = z.uuid(code('NOT_FOUND'));
export const ZPhotoRef = z.uuid(code('SUBMISSION_PHOTO_INVALID'));

const ZIds = z.array(z.uuid(code('VALIDATION_FAILED'))).min(1, code('VALIDATION_FAILED')).max(MAX_BULK_SUBMISSION_DECISIONS, code('VALIDATION_FAILED'));

export const ZApproveSubmissionsInput = z.object({ ids: ZIds });
export type TApproveSubmissionsInput = z.output<typeof ZApproveSubmissionsInput>;

export const ZRejectSubmissionsInput = z.object({
  ids: ZIds,
  reason: plainText('SUBMISSION_REJECT_REASON_REQUIRED')
    .trim()
    .min(1, code('SUBMISSION_REJECT_REASON_REQUIRED'))
    .max(REJECT_REASON_MAX_LENGTH, code('SUBMISSION_REJECT_REASON_REQUIRED')),
});
export type TRejectSubmissionsInput = z.output<typeof ZRejectSubmissionsInput>;

const ZCalendarDay = z.string(code('VALIDATION_FAILED')).regex(/^\d{4}-\d{2}-\d{2}$/, code('VALIDATION_FAILED'));

/** The organizer's queue (and the exhibitor's own list): filters and paging, applied on the server. */
export const ZSubmissionListInput = z.object({
  filter: z
    .object({
      exhibitorId: z.uuid(code('VALIDATION_FAILED')).nullish(),
      status: z.enum(SUBMISSION_STATUSES, code('VALIDATION_FAILED')).nullish(),
      /** Inclusive Asia/Shanghai calendar days. */
      submittedFrom: ZCalendarDay.nullish(),
      submittedTo: ZCalendarDay.nullish(),
    })
    .nullish(),
  page: z.number().int().min(1).max(1_000_000).nullish(),
  pageSize: z
    .number()
    .int()
    .refine((size) => (SUBMISSION_PAGE_SIZES as readonly number[]).includes(size), code('VALIDATION_FAILED'))
    .nullish(),
});
export type TSubmissionListInput = z.output<typeof ZSubmissionListInput>;

/**
 * An organizers' queue as its page holds it in the URL: the list input, and a keyword where the kind's query
 * searches one (badges). The queue opens on what waits for a decision (`QUEUE_DEFAULTS`).
 */
export const ZSubmissionQueueInput = ZSubmissionListInput.extend({
  keyword: plainText('VALIDATION_FAILED').trim().max(QUEUE_KEYWORD_MAX_LENGTH, code('VALIDATION_FAILED')).nullish(),
});
export type TSubmissionQueueInput = z.output<typeof ZSubmissionQueueInput>;
export const QUEUE_DEFAULT_STATUS: SubmissionStatus = 'PENDING';
export const QUEUE_DEFAULTS = { filter: { status: QUEUE_DEFAULT_STATUS }, page: 1, pageSize: DEFAULT_SUBMISSION_PAGE_SIZE } as const;

/** An export link's query (`?status=&exhibitorId=&submittedFrom=&submittedTo=`) as the list input it filters by. */
export function submissionListFromQuery(query: Record<string, string | undefined>): unknown {
  return { filter: { exhibitorId: query.exhibitorId || null, status: query.status || null, submittedFrom: query.submittedFrom || null, submittedTo: query.submittedTo || null } };
}
