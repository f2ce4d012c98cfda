import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/icon';
import { PlainMenuButton, type PlainMenuItem } from '../../components/plain/menu-button';
import { useSession } from '../../features/viewer/api/viewer';
import { PATHS } from '../paths';

/** The header's user menu: settings, the change-password dialog and logout (plain: every layout's header paints without antd). */
export function UserMenu({ settingsPath, compact = false, onChangePassword }: { settingsPath: string; compact?: boolean; onChangePassword?: () => void }) {
  // The dialog's name is the account namespace's (the settings page's card has the same title).
  const { t } = useTranslation(['common', 'account']);
  const navigate = useNavigate();
  const { session } = useSession();
  const name = session.status === 'loaded' ? session.viewer.nickname || session.viewer.name : '';
  const items: PlainMenuItem[] = [
    { key: 'settings', icon: SettingOutlined, label: t('header.settings'), testId: 'settings-menu-item', onSelect: () => void navigate(settingsPath) },
    // The settings page has the password form itself; the areas offer the dialog.
    ...(onChangePassword ? [{ key: 'password', icon: KeyOutlined, label: t('account:password.title'), testId: 'change-password-menu-item', onSelect: onChangePassword }] : []),
    { key: 'logout', icon: LogoutOutlined, label: t('header.logout'), testId: 'logout-menu-item', separated: true, onSelect: () => void navigate(PATHS.logout) },
  ];
  return (
    <PlainMenuButton
      buttonLabel={t('header.userMenu', { name })}
      testId="user-menu"
      items={items}
      buttonContent={
        <>
          <Icon definition={UserOutlined} />
          {compact ? null : (
            <>
              <span className="user-name" title={name}>
                {name}
              </span>
              <Icon definition={DownOutlined} />
            </>
          )}
        </>
      }
    />
  );
}
