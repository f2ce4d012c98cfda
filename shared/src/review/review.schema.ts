import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { REJECT_REASON_MAX_LENGTH } from '../submission/submission.schema';

/** The review workflow's one reason limit (docs/decisions/0308-one-review-workflow.md). */
export const REFUSE_REASON_MAX_LENGTH = REJECT_REASON_MAX_LENGTH;
/** One bulk action decides at most this many applications (the largest page, five times over). */
export const MAX_BULK_DECISIONS = 500;

const code = (value: ErrorCode) => ({ message: value });
const ZApplicationIds = z.array(z.uuid(code('VALIDATION_FAILED'))).min(1, code('VALIDATION_FAILED')).max(MAX_BULK_DECISIONS, code('VALIDATION_FAILED'));

export const ZApproveApplicationsInput = z.object({ ids: ZApplicationIds });
export type TApproveApplicationsInput = z.output<typeof ZApproveApplicationsInput>;

export const ZRefuseApplicationsInput = z.object({
  ids: ZApplicationIds,
  reason: plainText('AUDIENCE_REFUSE_REASON_REQUIRED')
    .trim()
    .min(1, code('AUDIENCE_REFUSE_REASON_REQUIRED'))
    .max(REFUSE_REASON_MAX_LENGTH, code('AUDIENCE_REFUSE_REASON_REQUIRED')),
});
export type TRefuseApplicationsInput = z.output<typeof ZRefuseApplicationsInput>;

/**
 * Erasing personal data is irreversible: ids of applications, as many as one bulk decision, and the
 * organizer's typed confirmation — the number of applications, which works in every language and
 * proves the organizer read how many are about to go.
 */
export const ZErasePersonalDataInput = z
  .object({ ids: ZApplicationIds, confirmation: z.string().max(16, code('ERASE_CONFIRMATION_MISMATCH')) })
  .refine((input) => input.confirmation.trim() === String(new Set(input.ids).size), { ...code('ERASE_CONFIRMATION_MISMATCH'), path: ['confirmation'] });
export type TErasePersonalDataInput = z.output<typeof ZErasePersonalDataInput>;

/** An application id in a path or argument (a uuid; anything else is simply not found). */
export const ZApplicationId = z.uuid(code('NOT_FOUND'));
