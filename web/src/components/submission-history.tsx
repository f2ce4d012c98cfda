import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SubmissionChangeFieldsFragment } from '../graphql/operations.generated';
import { formatDateTime } from '../lib/format/date-time';
import { SUBMISSION_STATUS_COLORS } from './submission-status-tag';

/** Who changed the state of a filing, when, and why (DESIGN §6), oldest first. */
export function SubmissionHistory({ changes, testId }: { changes: readonly SubmissionChangeFieldsFragment[]; testId: string }) {
  const { t } = useTranslation('submission');
  return (
    <Timeline
      data-testid={testId}
      items={changes.map((change) => ({
        // The state's own colour, as its tag (a bare dot would take the brand's crimson, which reads as an error).
        color: SUBMISSION_STATUS_COLORS[change.toStatus],
        children: (
          <>
            <Typography.Text strong>{t(`status.${change.toStatus}`)}</Typography.Text> <Typography.Text type="secondary">{formatDateTime(change.at)}</Typography.Text>
            <div>{change.actorName ?? t('history.exhibitor')}</div>
            {change.reason ? <div>{t('history.reason', { reason: change.reason })}</div> : null}
          </>
        ),
      }))}
    />
  );
}
