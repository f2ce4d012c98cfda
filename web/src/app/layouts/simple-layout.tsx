import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useSession } from '../../features/viewer/api/viewer';
import { useShowName } from '../../lib/project/show-name';
import { useNarrowScreen } from '../../lib/use-narrow-screen';
import { PATHS } from '../paths';
import { ShowFooter } from './show-footer';
import { UserMenu } from './user-menu';

/**
 * Header and content without a left menu: public pages, /usercenter, the not-found page. Plain markup
 * (DESIGN §7): the public screens built without antd paint inside it before any antd code loads.
 */
export function SimpleLayout({ testId = 'simple-layout' }: { testId?: string }) {
  const { t } = useTranslation();
  const { session } = useSession();
  // On a phone the switcher and the user menu are icons, so that the title is not cut; the
  // switcher by CSS, as it is in the pre-rendered first screens (the user menu comes with the session, after them).
  const compact = useNarrowScreen();
  const showName = useShowName();
  return (
    <div className="area-layout" data-testid={testId}>
      <header className="area-header">
        <Link to={session.status === 'loaded' ? PATHS.root : PATHS.login} className="area-title show-name-title" aria-label={showName ? undefined : t('appName')} data-testid="show-name">
          {showName}
        </Link>
        <div className="area-header-actions">
          <LanguageSwitcher compact="narrow" />
          {session.status === 'loaded' ? <UserMenu settingsPath={session.scope === 'organizer' ? PATHS.organizerSettings : PATHS.settings} compact={compact} /> : null}
        </div>
      </header>
      <main className="area-content simple-content">
        <Outlet />
      </main>
      <ShowFooter />
    </div>
  );
}
