import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Each page is its own lazy chunk (DESIGN §7); its locale namespaces load alongside it.
const BadgeQueuePage = lazy(() =>
  Promise.all([import('./badge-queue-page'), i18next.loadNamespaces(['badge-review', 'submission'])]).then(([module]) => ({ default: module.BadgeQueuePage })),
);
const BadgeTicketPage = lazy(() => Promise.all([import('./badge-ticket-page'), i18next.loadNamespaces(['badge-ticket'])]).then(([module]) => ({ default: module.BadgeTicketPage })));

/** /wo/exhibitor/application/list */
export function BadgeQueueRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <BadgeQueuePage />
    </Suspense>
  );
}

/** /ticket (public) */
export function BadgeTicketRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <BadgeTicketPage />
    </Suspense>
  );
}
