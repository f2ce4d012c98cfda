import { DownOutlined, KeyOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { LazyDropdown } from '../../components/lazy-dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/viewer/api/viewer';
import { PATHS } from '../paths';

/** The header's user menu: settings, the change-password dialog and logout. */
export function UserMenu({ settingsPath, compact = false, onChangePassword }: { settingsPath: string; compact?: boolean; onChangePassword?: () => void }) {
  // The dialog's name is the account namespace's (the settings page's card has the same title).
  const { t } = useTranslation(['common', 'account']);
  const { session } = useSession();
  const name = session.status === 'loaded' ? session.viewer.nickname || session.viewer.name : '';
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'settings',
            icon: <SettingOutlined aria-hidden />,
            label: (
              <Link to={settingsPath} data-testid="settings-menu-item">
                {t('header.settings')}
              </Link>
            ),
          },
          // The settings page has the password form itself; the areas offer the dialog.
          ...(onChangePassword
            ? [{ key: 'password', icon: <KeyOutlined aria-hidden />, label: <span data-testid="change-password-menu-item">{t('account:password.title')}</span>, onClick: onChangePassword }]
            : []),
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined aria-hidden />,
            label: (
              <Link to={PATHS.logout} data-testid="logout-menu-item">
                {t('header.logout')}
              </Link>
            ),
          },
        ],
      }}
    >
      <Button type="text" icon={<UserOutlined aria-hidden />} aria-label={t('header.userMenu', { name })} data-testid="user-menu">
        {compact ? null : (
          <>
            <span className="user-name">{name}</span> <DownOutlined aria-hidden />
          </>
        )}
      </Button>
    </LazyDropdown>
  );
}
