import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApproveStatus } from '../../../graphql/operations.generated';

/** Solid tags with white text: antd's light presets (green on pale green) fall below 4.5:1. */
const COLORS: Record<ApproveStatus, string> = { CREATED: '#595959', WAIT: '#0958d9', DONE: '#237804', REFUSE: '#c8102e' };

/** An application's state, translated, with a colour and a stable data-status for tests. */
export function ReviewStatusTag({ status }: { status: ApproveStatus }) {
  const { t } = useTranslation('review');
  return (
    <Tag color={COLORS[status]} data-testid="review-status-tag" data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
