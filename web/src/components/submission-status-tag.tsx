import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubmissionStatus } from '@portal/shared/submission/submission.schema';

/** Solid tags with white text (antd's light presets fall below 4.5:1); one colour per state everywhere. */
export const SUBMISSION_STATUS_COLORS: Record<SubmissionStatus, string> = { PENDING: '#0958d9', APPROVED: '#237804', REJECTED: '#c8102e' };

/** The state of a catalog entry, banner or product application. */
export function SubmissionStatusTag({ status, testId }: { status: SubmissionStatus; testId?: string }) {
  const { t } = useTranslation('submission');
  return (
    <Tag color={SUBMISSION_STATUS_COLORS[status]} data-testid={testId} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
