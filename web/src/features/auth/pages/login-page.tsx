import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isScope, SCOPES, type Scope } from '@portal/shared/auth/scopes';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { PlainSegmented } from '../../../components/plain-segmented';
import { useTopNotice } from '../../../components/top-notice';
import { useFlashNotice } from '../../../lib/flash-notice';
import { useShowName } from '../../../lib/project/show-name';
import { LoginForm, type LoginMode } from '../components/login-form';

const MODES: LoginMode[] = ['password', 'code'];

/** `scope` query value (default audience). */
export function scopeFromQuery(value: string | null): Scope {
  return isScope(value) ? value : 'audience';
}

/**
 * /login (SPEC 2/6): password or verification-code login for the chosen scope, with the ALTCHA
 * widget. What happens after sign-in (reload the viewer, follow `redirect`) is the app's concern.
 * Built without antd (DESIGN §7, docs/decisions/0903-sign-in-without-antd.md): plain markup styled like
 * the portal in styles.css.
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
  const showName = useShowName();
  const registerPath = registerPaths[scope];
  const [mode, setMode] = useState<LoginMode>('password');
  const [identity, setIdentity] = useState('');
  const notice = useTopNotice();
  // A confirmation from the screen that sent the visitor here (the erased account).
  useFlashNotice(notice.showSuccess);
  const idPrefix = useId();
  const tabId = (tab: LoginMode) => `${idPrefix}-tab-${tab}`;
  const panelId = `${idPrefix}-panel`;

  function onTabKey(key: string) {
    const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = MODES[(MODES.indexOf(mode) + step + MODES.length) % MODES.length] ?? 'password';
    setMode(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <div className="login-screen">
      {notice.notice}
      <header className="login-header">
        <span className="login-brand" data-testid="show-name">
          {showName}
        </span>
        <LanguageSwitcher />
      </header>
      <main className="login-main">
        <div className="login-card">
          <h1 className="login-title">{t('title')}</h1>
          <p className="login-subtitle">{t('subtitle')}</p>
          <PlainSegmented
            value={scope}
            onChange={onScopeChange}
            ariaLabel={t('scope.label')}
            testId="login-scope"
            options={SCOPES.map((value) => ({ value, label: t(`scope.${value}`), testId: `login-scope-${value}` }))}
          />
          <div className="plain-tabs" role="tablist">
            {MODES.map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                id={tabId(tab)}
                className={tab === mode ? 'plain-tab plain-tab-active' : 'plain-tab'}
                aria-selected={tab === mode}
                aria-controls={panelId}
                tabIndex={tab === mode ? 0 : -1}
                onClick={() => setMode(tab)}
                onKeyDown={(event) => onTabKey(event.key)}
                data-testid={`login-tab-${tab}`}
              >
                {t(`tabs.${tab}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={panelId} aria-labelledby={tabId(mode)}>
            <LoginForm key={`${mode}-${scope}`} mode={mode} scope={scope} identity={identity} onIdentityChange={setIdentity} onSignedIn={onSignedIn} notice={notice} />
          </div>
          {registerPath ? (
            <p className="login-register">
              <span className="plain-text-secondary" data-testid="login-register-question">
                {scope === 'exhibitor' ? t('exhibitor-account:register.noAccount') : t('noAccount')}
              </span>
              <Link to={registerPath} data-testid="login-register-link">
                {scope === 'exhibitor' ? t('exhibitor-account:register.loginLink') : t('register')}
              </Link>
            </p>
          ) : null}
        </div>
      </main>
    </div>
  );
}
