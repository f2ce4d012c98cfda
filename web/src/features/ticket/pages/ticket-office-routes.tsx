import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';
import type { PrintPaths } from './ticket-office-page';

// Its own lazy chunk (DESIGN §7); its locale namespace loads alongside it.
const TicketOfficePage = lazy(() => Promise.all([import('./ticket-office-page'), i18next.loadNamespaces(['ticket-office'])]).then(([module]) => ({ default: module.TicketOfficePage })));

/** /wo/ticket/list */
export function TicketOfficeRoute({ printPaths }: { printPaths: PrintPaths }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <TicketOfficePage printPaths={printPaths} />
    </Suspense>
  );
}
