import type { TFunction } from 'i18next';
import type { ApproveStatus } from '@portal/shared/application/application-status';

/** A selected row of the approval list: what the bulk rules and the confirmation need. */
export interface SelectedRow {
  status: ApproveStatus;
  name: string | null;
}

/**
 * The approval question says what is approved: the applicant's name when one
 * application is, else how many ("Approve 3 applications?").
 */
export function approveTitle(t: TFunction<'review'>, names: ReadonlyArray<string | null>): string {
  if (names.length !== 1) return t('approve.confirmTitleMany', { count: names.length });
  const [name] = names;
  return name ? t('approve.confirmTitleOne', { name }) : t('approve.confirmTitleUnnamed');
}
