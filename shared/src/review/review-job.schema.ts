/**
 * Review jobs (docs/decisions/0309-review-job.md): "approve (or refuse) all that match this filter", run in
 * the background in batches. The organizer confirms the count the list showed; the server counts again.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { ZAudienceListFilter } from './audience-list';
import { REFUSE_REASON_MAX_LENGTH } from './review.schema';

/** AUTO_RULES: the auto-approval rules run over the waiting matches (decision 0310), approving those a rule meets. */
export const REVIEW_JOB_KINDS = ['APPROVE', 'REFUSE', 'AUTO_RULES'] as const;
export type ReviewJobKind = (typeof REVIEW_JOB_KINDS)[number];
export const REVIEW_JOB_STATES = ['QUEUED', 'RUNNING', 'DONE', 'CANCELLED', 'FAILED'] as const;
export type ReviewJobState = (typeof REVIEW_JOB_STATES)[number];
/** The states in which a job still works (and may be cancelled). */
export const ACTIVE_REVIEW_JOB_STATES = ['QUEUED', 'RUNNING'] as const satisfies readonly ReviewJobState[];

const code = (value: ErrorCode) => ({ message: value });

/** A job takes the waiting applications only: a reason is required to refuse, none is kept otherwise. */
export const ZStartReviewJobInput = z
  .object({
    kind: z.enum(REVIEW_JOB_KINDS, code('VALIDATION_FAILED')),
    filter: ZAudienceListFilter.nullish(),
    reason: plainText('AUDIENCE_REFUSE_REASON_REQUIRED').trim().max(REFUSE_REASON_MAX_LENGTH, code('AUDIENCE_REFUSE_REASON_REQUIRED')).nullish(),
    /** The number of matches the organizer saw and confirmed. */
    confirmedCount: z.number().int(code('VALIDATION_FAILED')).min(1, code('VALIDATION_FAILED')),
  })
  .refine((input) => input.kind !== 'REFUSE' || Boolean(input.reason), { ...code('AUDIENCE_REFUSE_REASON_REQUIRED'), path: ['reason'] });
export type TStartReviewJobInput = z.output<typeof ZStartReviewJobInput>;

/** A job's id in an argument (a uuid; anything else is simply not found). */
export const ZReviewJobId = z.uuid(code('NOT_FOUND'));
