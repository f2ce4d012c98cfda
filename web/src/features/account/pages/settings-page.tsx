import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageForm } from '../components/language-form';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

/** /usercenter/settings and /wo/usercenter/settings: profile, password and language; `extra` below them (a visitor's personal data). */
export function SettingsPage({
  name,
  nickname,
  onProfileSaved,
  onPasswordChanged,
  extra,
  backPath,
}: {
  name: string;
  nickname: string | null;
  onProfileSaved: () => Promise<unknown>;
  /** The viewer's passwordLastUpdateAt changed (an initial password is no longer one). */
  onPasswordChanged: () => Promise<unknown>;
  extra?: ReactNode;
  /** The home of the viewer's area: the settings open outside its menu, this leads back into it. */
  backPath: string;
}) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Link to={backPath} data-testid="settings-back">
        <ArrowLeftOutlined aria-hidden /> {t('common:backHome')}
      </Link>
      <Typography.Title level={1} className="page-title">
        {t('title')}
      </Typography.Title>
      <ProfileForm name={name} nickname={nickname} onSaved={onProfileSaved} />
      <PasswordForm onChanged={onPasswordChanged} />
      <LanguageForm />
      {extra}
    </Flex>
  );
}
