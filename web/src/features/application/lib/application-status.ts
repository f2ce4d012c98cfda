/**
 * What "my registration" shows for each approveStatus (SPEC 4, DESIGN §6): the status text, whether
 * the refusal reason is shown, and the actions offered. Whether the visitor may apply or edit is
 * `submitRefusal`, the rule the server applies to the submission.
 */
import { submitRefusal, type ApproveStatus } from '@portal/shared/application/application-status';

export type InfoAction = 'apply' | 'edit' | 'ticket' | 'visitDate' | 'record';

export interface InfoStatusView {
  /** antd Alert type. */
  tone: 'info' | 'warning' | 'error' | 'success';
  /** Keys in the `visitor` namespace. */
  titleKey: string;
  descriptionKey: string;
  showReason: boolean;
  actions: InfoAction[];
}

/** The update deadline has passed (no deadline: never). */
export function updateDeadlinePassed(deadline: string | null | undefined, now: number): boolean {
  return Boolean(deadline) && now > Date.parse(deadline as string);
}

/** The server's submit rule as the info page asks it: may the visitor apply (CREATED) or edit (WAIT, REFUSE) now? */
export function canEditApplication(status: ApproveStatus, deadline: string | null | undefined, now: number, audienceRegOpen: boolean): boolean {
  return submitRefusal({ status, audienceRegOpen, updateDeadline: deadline ? new Date(deadline) : null, now: new Date(now) }) === null;
}

/**
 * The words on an action button (keys in `visitor`): a pending application is edited ("Edit"), a
 * refused one is corrected and sent again ("Edit and resubmit").
 */
export function actionLabelKey(status: ApproveStatus, action: InfoAction): string {
  return action === 'edit' && status === 'REFUSE' ? 'info.actions.resubmit' : `info.actions.${action}`;
}

export function infoStatusView(status: ApproveStatus, deadline: string | null | undefined, now: number, audienceRegOpen: boolean): InfoStatusView {
  const editable = canEditApplication(status, deadline, now, audienceRegOpen);
  switch (status) {
    case 'CREATED':
      return { tone: 'info', titleKey: 'info.status.CREATED.title', descriptionKey: 'info.status.CREATED.description', showReason: false, actions: editable ? ['apply'] : [] };
    case 'WAIT':
      return { tone: 'warning', titleKey: 'info.status.WAIT.title', descriptionKey: 'info.status.WAIT.description', showReason: false, actions: editable ? ['edit'] : [] };
    case 'REFUSE':
      return {
        tone: 'error',
        titleKey: 'info.status.REFUSE.title',
        descriptionKey: editable ? 'info.status.REFUSE.description' : 'info.status.REFUSE.closed',
        showReason: true,
        actions: editable ? ['edit'] : [],
      };
    case 'DONE':
      return { tone: 'success', titleKey: 'info.status.DONE.title', descriptionKey: 'info.status.DONE.description', showReason: false, actions: ['ticket', 'visitDate', 'record'] };
  }
}
