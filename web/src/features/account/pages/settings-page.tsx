import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
}: {
  name: string;
  nickname: string | null;
  onProfileSaved: () => Promise<unknown>;
  /** The viewer's passwordLastUpdateAt changed (an initial password is no longer one). */
  onPasswordChanged: () => Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
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
