import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApproveStatus } from '../../../graphql/operations.generated';

const COLORS: Record<ApproveStatus, string> = { CREATED: 'default', WAIT: 'processing', DONE: 'success', REFUSE: 'error' };

/** An application's state, translated, with a colour and a stable data-status for tests. */
export function ReviewStatusTag({ status }: { status: ApproveStatus }) {
  const { t } = useTranslation('review');
  return (
    <Tag color={COLORS[status]} data-testid="review-status-tag" data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
