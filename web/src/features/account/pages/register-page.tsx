import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RegistrationScreen } from '../../../components/registration-screen';
import { useProjectSetting } from '../../../lib/project/project-setting';
import { useHydrated } from '../../../lib/use-hydrated';
import { RegisterForm } from '../components/register-form';

/**
 * /visitor/web/register (SPEC 2): the visitor registration, or "Registration Closed" while
 * project.setting.audienceRegOpen is false. What follows a registration is the app's concern.
 */
export function RegisterPage({ loginPath, onRegistered }: { loginPath: string; onRegistered: () => Promise<void> }) {
  const { t, ready } = useTranslation('visitor');
  const setting = useProjectSetting();
  // The pre-rendered screen is the form: the setting, which may already be cached when the client renders first,
  // decides only once hydration is done, so that the markup matches.
  const hydrated = useHydrated();
  // The same element whatever the setting says: its answer, arriving after the paint, re-renders this page at once
  // (a query's update is never time-sliced), and the form below need not render again with it.
  const form = useMemo(() => <RegisterForm onRegistered={onRegistered} />, [onRegistered]);
  const texts = {
    title: t('register.title'),
    subtitle: t('register.subtitle'),
    haveAccount: t('register.haveAccount'),
    login: t('register.login'),
    loadError: t('loadError'),
    retry: t('retry'),
    closedTitle: t('register.closedTitle'),
    closedDescription: t('register.closedDescription'),
  };
  return (
    <RegistrationScreen
      open={hydrated ? setting.data?.audienceRegOpen : undefined}
      loadFailed={hydrated && setting.isError}
      onRetry={() => void setting.refetch()}
      texts={ready ? texts : undefined}
      loginPath={loginPath}
      testIdPrefix="register"
    >
      {form}
    </RegistrationScreen>
  );
}
