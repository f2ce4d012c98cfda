import { lazyPage } from '../../../components/lazy-page';

/** /wo/dashboard: its own chunk; ECharts loads later still, with the first chart. */
export const DashboardRoute = lazyPage(() => import('./dashboard-page').then((module) => module.DashboardPage), ['dashboard']);
