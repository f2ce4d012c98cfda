import { useTranslation } from 'react-i18next';
import { RegistrationScreen, type RegistrationTexts } from '../../../components/registration-screen';
import { useProjectSetting } from '../../../lib/project/project-setting';
import { ExhibitorRegisterForm } from '../components/exhibitor-register-form';

const TEXTS: ReadonlyArray<keyof RegistrationTexts> = ['title', 'subtitle', 'haveAccount', 'login', 'loadError', 'retry', 'closedTitle', 'closedDescription'];

/** The exhibitor registration screen, or "Registration Closed" while project.setting.exhibitorRegOpen is false. */
export function ExhibitorRegisterPage({ loginPath, onRegistered }: { loginPath: string; onRegistered: () => Promise<void> }) {
  const { t, ready } = useTranslation('exhibitor-account');
  const setting = useProjectSetting();
  return (
    <RegistrationScreen
      open={setting.data?.exhibitorRegOpen}
      loadFailed={setting.isError}
      onRetry={() => void setting.refetch()}
      texts={ready ? (Object.fromEntries(TEXTS.map((key) => [key, t(`register.${key}`)])) as Record<keyof RegistrationTexts, string>) : undefined}
      loginPath={loginPath}
      testIdPrefix="exhibitor-register"
    >
      <ExhibitorRegisterForm onRegistered={onRegistered} />
    </RegistrationScreen>
  );
}
