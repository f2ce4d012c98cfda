import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraBadgeOrderStatus } from '@portal/shared/exhibitor/badge-quota';

const COLOURS: Record<ExtraBadgeOrderStatus, string> = { OPEN: 'gold', PAID: 'green', REFUSED: 'red', CANCELLED: 'default' };

/** An extra badge order's state (namespace `badge-quota`), with the organizer's reason under a refusal. */
export function ExtraBadgeOrderStatusTag({ status, reason }: { status: ExtraBadgeOrderStatus; reason?: string | null }) {
  const { t } = useTranslation('badge-quota');
  return (
    <Flex vertical align="flex-start">
      <Tag color={COLOURS[status]} data-testid="extra-order-status" data-status={status}>
        {t(`status.${status}`)}
      </Tag>
      {reason ? <Typography.Text type="secondary">{reason}</Typography.Text> : null}
    </Flex>
  );
}
