import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a company sees in its area while it waits for an organizer's approval (it cannot apply for anything yet). */
export function PendingApproval({ companyName }: { companyName: string }) {
  const { t } = useTranslation('exhibitor-account');
  return (
    <Card data-testid="exhibitor-pending-approval">
      <Result status="info" title={<h1 className="result-title">{t('pending.title')}</h1>} subTitle={t('pending.description', { company: companyName })} />
    </Card>
  );
}
