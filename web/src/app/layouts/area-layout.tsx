import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { UserMenu } from './user-menu';
import { PasswordChange } from './password-change';

export interface MenuEntry {
  /** The path the entry opens (also its key). */
  path: string;
  labelKey: string;
  icon?: ReactNode;
  /** Paths under this prefix select the entry (defaults to the path). */
  match?: string;
  children?: MenuEntry[];
}

function flatten(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.children ? flatten(entry.children) : [entry]));
}

/** The entry whose prefix matches the path the longest. */
export function selectedMenuKey(entries: readonly MenuEntry[], pathname: string): string | undefined {
  let best: MenuEntry | undefined;
  for (const entry of flatten(entries)) {
    const prefix = (entry.match ?? entry.path).replace(/\/$/, '');
    const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (matches && (!best || prefix.length > (best.match ?? best.path).length)) best = entry;
  }
  return best?.path;
}

function openKeys(entries: readonly MenuEntry[], selected: string | undefined): string[] {
  return entries.filter((entry) => entry.children?.some((child) => child.path === selected)).map((entry) => `group:${entry.path}`);
}

/**
 * The layout of the three areas: a header (title, language switcher, user menu) and, when the area
 * has a menu, a left menu on desktop or a drawer menu behind a top-bar button on mobile.
 */
export function AreaLayout({
  titleKey,
  homePath,
  menu,
  showMenu = true,
  settingsPath,
  testId,
  instead,
}: {
  titleKey: string;
  homePath: string;
  menu: readonly MenuEntry[];
  showMenu?: boolean;
  settingsPath: string;
  testId: string;
  /** Shown in place of the area's pages (an exhibitor whose company waits for approval). */
  instead?: ReactNode;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordDialogOpen, setPasswordDialogOpen] = useState(false);
  const selected = selectedMenuKey(menu, location.pathname);
  const hasMenu = showMenu && menu.length > 0;

  const toItems = (entries: readonly MenuEntry[]): NonNullable<MenuProps['items']> =>
    entries.map((entry) =>
      entry.children
        ? { key: `group:${entry.path}`, icon: entry.icon, label: t(entry.labelKey), children: toItems(entry.children) }
        : {
            key: entry.path,
            icon: entry.icon,
            label: (
              <Link to={entry.path} onClick={() => setDrawerOpen(false)}>
                {t(entry.labelKey)}
              </Link>
            ),
          },
    );

  const navigation = (
    <nav aria-label={t('nav.label')}>
      <Menu mode="inline" items={toItems(menu)} selectedKeys={selected ? [selected] : []} defaultOpenKeys={openKeys(menu, selected)} style={{ borderInlineEnd: 'none' }} />
    </nav>
  );

  return (
    <Layout className="area-layout" data-testid={testId} style={{ minHeight: '100vh' }}>
      <Layout.Header className="area-header">
        {hasMenu && mobile ? (
          <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.open')} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)} data-testid="mobile-menu-button" />
        ) : null}
        <Link to={homePath} className="area-title">
          {t(titleKey)}
        </Link>
        <div className="area-header-actions">
          <LanguageSwitcher compact={mobile} />
          <UserMenu settingsPath={settingsPath} compact={mobile} onChangePassword={() => setPasswordDialogOpen(true)} />
        </div>
      </Layout.Header>
      <Layout>
        {hasMenu && !mobile ? (
          <Layout.Sider width={232} theme="light" className="area-sider">
            {navigation}
          </Layout.Sider>
        ) : null}
        <Layout.Content className={mobile ? 'area-content area-content-mobile' : 'area-content'}>
          <PasswordChange open={passwordDialogOpen} onClose={() => setPasswordDialogOpen(false)}>
            {instead ?? <Outlet />}
          </PasswordChange>
        </Layout.Content>
      </Layout>
      {hasMenu && mobile ? (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t(titleKey)} size={280} closable={{ 'aria-label': t('nav.close') }}>
          {navigation}
        </Drawer>
      ) : null}
    </Layout>
  );
}
