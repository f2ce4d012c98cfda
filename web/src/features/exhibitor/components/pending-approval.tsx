import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a company sees in its area while it waits for an organizer's approval (it cannot apply for anything yet). */
export function PendingApproval({ companyName }: { companyName: string }) {
  const { t } = useTranslation('exhibitor-account');
  const { token } = theme.useToken();
  return (
    <Card data-testid="exhibitor-pending-approval">
      <Result
        // A wait, not a fault: the warning colour, not the brand red the info status takes.
        icon={<ClockCircleOutlined aria-hidden style={{ color: token.colorWarning }} />}
        title={<h1 className="result-title">{t('pending.title')}</h1>}
        subTitle={t('pending.description', { company: companyName })}
      />
    </Card>
  );
}
