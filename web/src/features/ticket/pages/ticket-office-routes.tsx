import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Its own lazy chunk (DESIGN §7); its locale namespace loads alongside it.
const TicketOfficePage = lazy(() => Promise.all([import('./ticket-office-page'), i18next.loadNamespaces(['ticket-office'])]).then(([module]) => ({ default: module.TicketOfficePage })));

/** /wo/ticket/list */
export function TicketOfficeRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <TicketOfficePage />
    </Suspense>
  );
}
