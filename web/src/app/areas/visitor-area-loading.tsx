import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { TicketLoading } from '../../features/ticket/components/ticket-loading';
import { PATHS } from '../paths';

/**
 * What /wa/* shows until the session and the area's code are there (pre-rendered: DESIGN §7). The ticket, opened at
 * the gate on a phone, shows its title and instruction inside the area's header and content (area-layout.tsx without
 * the menu and the user's actions, which need the session), so that its largest paint is this markup's.
 */
export function VisitorAreaLoading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname !== PATHS.visitorTicket) return <PageLoading />;
  return (
    <div className="area-layout">
      <header className="area-header">
        <span className="area-title">{t('visitor.title')}</span>
      </header>
      <main className="area-content area-content-loading">
        <TicketLoading />
      </main>
    </div>
  );
}
