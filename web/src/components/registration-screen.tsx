import { Alert, Button, Card, Flex, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoading } from './page-loading';

export interface RegistrationTexts {
  title: string;
  subtitle: string;
  haveAccount: string;
  login: string;
  loadError: string;
  retry: string;
  closedTitle: string;
  closedDescription: string;
}

/**
 * The frame of a self-registration screen (visitors, exhibitors): loading, a load error with retry,
 * "Registration Closed" while the project setting says so, or the form; a link to sign in below.
 * `open` is undefined while the setting loads.
 */
export function RegistrationScreen({
  open,
  loadFailed,
  onRetry,
  texts,
  loginPath,
  testIdPrefix,
  children,
}: {
  open: boolean | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  texts: RegistrationTexts | undefined;
  loginPath: string;
  testIdPrefix: string;
  children: ReactNode;
}) {
  if (!texts || (open === undefined && !loadFailed)) return <PageLoading />;

  const loginLink = (
    <Flex justify="center" gap={4} wrap>
      <Typography.Text type="secondary">{texts.haveAccount}</Typography.Text>
      <Link to={loginPath} data-testid={`${testIdPrefix}-login-link`}>
        {texts.login}
      </Link>
    </Flex>
  );

  if (loadFailed) {
    return (
      <Card className="register-card">
        <Alert
          type="error"
          showIcon
          title={texts.loadError}
          action={
            <Button size="small" onClick={onRetry}>
              {texts.retry}
            </Button>
          }
          data-testid={`${testIdPrefix}-load-error`}
        />
      </Card>
    );
  }

  if (!open) {
    return (
      <Card className="register-card" data-testid={`${testIdPrefix}-closed`}>
        <Result status="info" title={<h1 className="result-title">{texts.closedTitle}</h1>} subTitle={texts.closedDescription} extra={loginLink} />
      </Card>
    );
  }

  return (
    <Card className="register-card" data-testid={`${testIdPrefix}-page`}>
      <Typography.Title level={1} className="page-title">
        {texts.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{texts.subtitle}</Typography.Paragraph>
      {children}
      <div style={{ marginTop: 16 }}>{loginLink}</div>
    </Card>
  );
}
