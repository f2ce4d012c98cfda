import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PlainSideSheet } from '../../components/plain/side-sheet';
import { useNarrowScreen } from '../../lib/use-narrow-screen';
import { AreaNavigation } from './area-navigation';
import { PasswordChange } from './password-change';
import { UserMenu } from './user-menu';
import './area-layout.css';

export interface MenuEntry {
  /** The path the entry opens (also its key). */
  path: string;
  labelKey: string;
  /** One of antd's icons as SVG data (`@ant-design/icons-svg`), drawn without antd's icon runtime. */
  icon?: IconDefinition;
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

/**
 * The layout of the three areas: a header (title, language switcher, user menu) and, when the area
 * has a menu, a left menu on desktop or a side sheet behind a header button on a phone. Plain markup
 * (area-layout.css), so that a visitor's pages load no antd (DESIGN §7).
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
  const mobile = useNarrowScreen();
  const location = useLocation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [passwordDialogOpen, setPasswordDialogOpen] = useState(false);
  const selected = selectedMenuKey(menu, location.pathname);
  const hasMenu = showMenu && menu.length > 0;

  return (
    <div className="area-layout" data-testid={testId}>
      <header className="area-header">
        {hasMenu && mobile ? (
          <button
            type="button"
            className="plain-button plain-button-text"
            aria-label={t('nav.open')}
            aria-expanded={sheetOpen}
            onClick={() => setSheetOpen(true)}
            data-testid="mobile-menu-button"
          >
            <Icon definition={MenuOutlined} />
          </button>
        ) : null}
        <Link to={homePath} className="area-title">
          {t(titleKey)}
        </Link>
        <div className="area-header-actions">
          <LanguageSwitcher compact={mobile} />
          <UserMenu settingsPath={settingsPath} compact={mobile} onChangePassword={() => setPasswordDialogOpen(true)} />
        </div>
      </header>
      <div className="area-body">
        {hasMenu && !mobile ? (
          <aside className="area-sider">
            <AreaNavigation menu={menu} selected={selected} />
          </aside>
        ) : null}
        <main className={mobile ? 'area-content area-content-mobile' : 'area-content'}>
          <PasswordChange open={passwordDialogOpen} onClose={() => setPasswordDialogOpen(false)}>
            {instead ?? <Outlet />}
          </PasswordChange>
        </main>
      </div>
      {hasMenu && mobile ? (
        <PlainSideSheet open={sheetOpen} title={t(titleKey)} onClose={() => setSheetOpen(false)} closeLabel={t('nav.close')}>
          <AreaNavigation menu={menu} selected={selected} onNavigate={() => setSheetOpen(false)} />
        </PlainSideSheet>
      ) : null}
    </div>
  );
}
