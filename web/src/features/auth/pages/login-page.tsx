import { Card, Flex, Segmented, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isScope, SCOPES, type Scope } from '@portal/shared/auth/scopes';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { LoginForm, type LoginMode } from '../components/login-form';

/** `scope` query value (default audience). */
export function scopeFromQuery(value: string | null): Scope {
  return isScope(value) ? value : 'audience';
}

/**
 * /login (SPEC 2/6): password or verification-code login for the chosen scope, with the ALTCHA
 * widget. What happens after sign-in (reload the viewer, follow `redirect`) is the app's concern.
 */
export function LoginPage({
  scope,
  onScopeChange,
  onSignedIn,
  registerPaths,
}: {
  scope: Scope;
  onScopeChange: (scope: Scope) => void;
  onSignedIn: (scope: Scope) => Promise<void>;
  /** The registration screens of the scopes that have one (visitors, exhibitors). */
  registerPaths: Partial<Record<Scope, string>>;
}) {
  // The exhibitor registration link's text is in the exhibitor-account namespace.
  const { t } = useTranslation(['auth', 'exhibitor-account']);
  const registerPath = registerPaths[scope];
  const [mode, setMode] = useState<LoginMode>('password');
  const [identity, setIdentity] = useState('');

  const form = (tab: LoginMode) => <LoginForm key={`${tab}-${scope}`} mode={tab} scope={scope} identity={identity} onIdentityChange={setIdentity} onSignedIn={onSignedIn} />;

  return (
    <div className="login-screen">
      <header className="login-header">
        <Typography.Text strong className="login-brand">
          {t('common:appName')}
        </Typography.Text>
        <LanguageSwitcher />
      </header>
      <main className="login-main">
        <Card className="login-card">
          <Typography.Title level={1} className="login-title">
            {t('title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
          <Segmented<Scope>
            block
            value={scope}
            onChange={onScopeChange}
            aria-label={t('scope.label')}
            data-testid="login-scope"
            options={SCOPES.map((value) => ({ value, label: <span data-testid={`login-scope-${value}`}>{t(`scope.${value}`)}</span> }))}
            style={{ marginBottom: 8 }}
          />
          <Tabs
            activeKey={mode}
            onChange={(key) => setMode(key as LoginMode)}
            destroyOnHidden
            items={[
              { key: 'password', label: <span data-testid="login-tab-password">{t('tabs.password')}</span>, children: form('password') },
              { key: 'code', label: <span data-testid="login-tab-code">{t('tabs.code')}</span>, children: form('code') },
            ]}
          />
          {registerPath ? (
            <Flex justify="center" gap={4} wrap style={{ marginTop: 16 }}>
              <Typography.Text type="secondary">{t('noAccount')}</Typography.Text>
              <Link to={registerPath} data-testid="login-register-link">
                {scope === 'exhibitor' ? t('exhibitor-account:register.loginLink') : t('register')}
              </Link>
            </Flex>
          ) : null}
        </Card>
      </main>
    </div>
  );
}
