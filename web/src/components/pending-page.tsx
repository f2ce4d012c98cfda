import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page whose content a later issue builds: its translated title and an empty state, inside the
 * real layout, so that every route, guard and menu entry already works.
 */
export function PendingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={1} className="page-title">
        {t(titleKey)}
      </Typography.Title>
      <Empty description={t('pending.description')} />
    </Card>
  );
}
