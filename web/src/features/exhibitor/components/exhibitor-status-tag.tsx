import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExhibitorStatus } from '@portal/shared/exhibitor/exhibitor.schema';

const COLOR: Record<ExhibitorStatus, string> = { PENDING: 'gold', ACTIVE: 'green', DISABLED: 'default' };

export function ExhibitorStatusTag({ status }: { status: ExhibitorStatus }) {
  const { t } = useTranslation('exhibitor-account');
  return (
    <Tag color={COLOR[status]} data-testid="exhibitor-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
