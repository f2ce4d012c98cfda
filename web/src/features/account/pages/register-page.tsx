import { Alert, Button, Card, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { useProjectSetting } from '../../../lib/project/project-setting';
import { RegisterForm } from '../components/register-form';

/**
 * /visitor/web/register (SPEC 2): the visitor registration, or "Registration Closed" while
 * project.setting.audienceRegOpen is false. What follows a registration is the app's concern.
 */
export function RegisterPage({ loginPath, onRegistered }: { loginPath: string; onRegistered: () => Promise<void> }) {
  const { t, ready } = useTranslation('visitor');
  const setting = useProjectSetting();
  if (!ready || setting.isPending) return <PageLoading />;

  const loginLink = (
    <Flex justify="center" gap={4} wrap>
      <Typography.Text type="secondary">{t('register.haveAccount')}</Typography.Text>
      <Link to={loginPath} data-testid="register-login-link">
        {t('register.login')}
      </Link>
    </Flex>
  );

  if (setting.isError) {
    return (
      <Card className="register-card">
        <Alert
          type="error"
          showIcon
          title={t('loadError')}
          action={
            <Button size="small" onClick={() => void setting.refetch()}>
              {t('retry')}
            </Button>
          }
          data-testid="register-load-error"
        />
      </Card>
    );
  }

  if (!setting.data.audienceRegOpen) {
    return (
      <Card className="register-card" data-testid="register-closed">
        <Result status="info" title={<h1 className="result-title">{t('register.closedTitle')}</h1>} subTitle={t('register.closedDescription')} extra={loginLink} />
      </Card>
    );
  }

  return (
    <Card className="register-card" data-testid="register-page">
      <Typography.Title level={1} className="page-title">
        {t('register.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
      <RegisterForm onRegistered={onRegistered} />
      <div style={{ marginTop: 16 }}>{loginLink}</div>
    </Card>
  );
}
