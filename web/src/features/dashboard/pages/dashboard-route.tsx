import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Its own chunk; ECharts loads later still, with the first chart.
const DashboardPage = lazy(() => Promise.all([import('./dashboard-page'), i18next.loadNamespaces('dashboard')]).then(([module]) => ({ default: module.DashboardPage })));

/** /wo/dashboard */
export function DashboardRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DashboardPage />
    </Suspense>
  );
}
