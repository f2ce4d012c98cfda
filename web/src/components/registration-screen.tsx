import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLoading } from './page-loading';
import { PlainAlert } from './plain/alert';
import { PlainCard } from './plain/card';
import { PlainResult } from './plain/result';
import './registration-screen.css';

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
 * `open` is undefined while the setting loads: the form shows meanwhile (it is the first paint, pre-rendered at
 * build time: DESIGN §7), and gives way to "Registration Closed" if the setting says so (the server refuses a
 * registration then anyway). Built without antd (DESIGN §7): the form inside is the page's.
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
  if (!texts) return <PageLoading />;

  const loginLink = (
    <p className="registration-login">
      <span className="plain-text-secondary">{texts.haveAccount}</span>
      <Link to={loginPath} data-testid={`${testIdPrefix}-login-link`}>
        {texts.login}
      </Link>
    </p>
  );

  if (loadFailed) {
    return (
      <PlainCard className="register-card registration-screen">
        <PlainAlert
          type="error"
          title={texts.loadError}
          action={
            <button type="button" className="plain-button registration-retry" onClick={onRetry}>
              {texts.retry}
            </button>
          }
          testId={`${testIdPrefix}-load-error`}
        />
      </PlainCard>
    );
  }

  if (open === false) {
    return (
      <PlainCard className="register-card registration-screen" testId={`${testIdPrefix}-closed`}>
        <PlainResult status="info" title={<h1 className="result-title">{texts.closedTitle}</h1>} subTitle={texts.closedDescription} extra={loginLink} />
      </PlainCard>
    );
  }

  return (
    <PlainCard className="register-card registration-screen" testId={`${testIdPrefix}-page`}>
      <h1 className="registration-title">{texts.title}</h1>
      <p className="registration-subtitle plain-text-secondary">{texts.subtitle}</p>
      {children}
      {loginLink}
    </PlainCard>
  );
}
