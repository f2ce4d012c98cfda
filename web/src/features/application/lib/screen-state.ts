/**
 * What the application screen shows, by the rule the server applies to the submission
 * (`submitRefusal`): the form, "Registration Closed" (a first application while registration is
 * closed) or "cannot be edited" (approved, or an edit after the update deadline). The screen reads
 * nothing else: an edit needs no open registration, and an approved application is never a form.
 */
import { submitRefusal, type ApproveStatus } from '@portal/shared/application/application-status';

export type ApplicationScreenState = 'form' | 'closed' | 'not-editable';

export function applicationScreenState(input: {
  status: ApproveStatus | null | undefined;
  audienceRegOpen: boolean;
  /** ISO instant; none: no deadline. */
  updateDeadline: string | null | undefined;
  now: Date;
}): ApplicationScreenState {
  const refusal = submitRefusal({ status: input.status, audienceRegOpen: input.audienceRegOpen, updateDeadline: input.updateDeadline ? new Date(input.updateDeadline) : null, now: input.now });
  if (refusal === 'AUDIENCE_REG_CLOSED') return 'closed';
  if (refusal === 'AUDIENCE_NOT_EDITABLE') return 'not-editable';
  return 'form';
}
