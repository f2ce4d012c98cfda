import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/viewer/api/viewer';
import { PATHS } from '../paths';

/** The header's user menu: settings and logout. */
export function UserMenu({ settingsPath, compact = false }: { settingsPath: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const name = session.status === 'loaded' ? session.viewer.nickname || session.viewer.name : '';
  return (
    <Dropdown
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
    </Dropdown>
  );
}
