/**
 * DESIGN §6: an application's states. `CREATED` is an account without an application yet; `WAIT`
 * pending review; `DONE` approved (the VIP ticket is active); `REFUSE` refused with a reason.
 */
export const APPROVE_STATUSES = ['CREATED', 'WAIT', 'DONE', 'REFUSE'] as const;
export type ApproveStatus = (typeof APPROVE_STATUSES)[number];

/** The states from which the visitor may submit (first time) or edit and resubmit (→ WAIT). */
export const SUBMITTABLE_STATUSES: readonly ApproveStatus[] = ['CREATED', 'WAIT', 'REFUSE'];

export type SubmitRefusal = 'AUDIENCE_REG_CLOSED' | 'AUDIENCE_NOT_EDITABLE';

/**
 * Whether the visitor may submit now, and if not, why: the one rule the server enforces and the
 * application screen shows. A first application (no row, or `CREATED`) needs registration open; an
 * edit (`WAIT`, `REFUSE`) needs the information-update deadline not to have passed; an approved
 * application is never edited by its visitor.
 */
export function submitRefusal(input: {
  status: ApproveStatus | null | undefined;
  audienceRegOpen: boolean;
  updateDeadline: Date | null | undefined;
  now: Date;
}): SubmitRefusal | null {
  const status = input.status ?? 'CREATED';
  if (!SUBMITTABLE_STATUSES.includes(status)) return 'AUDIENCE_NOT_EDITABLE';
  if (status === 'CREATED') return input.audienceRegOpen ? null : 'AUDIENCE_REG_CLOSED';
  if (input.updateDeadline && input.now.getTime() > input.updateDeadline.getTime()) return 'AUDIENCE_NOT_EDITABLE';
  return null;
}
