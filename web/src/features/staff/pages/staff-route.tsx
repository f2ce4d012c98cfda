import { lazyPage } from '../../../components/lazy-page';

/** /wo/system/staff: its own chunk; the page's texts load alongside it. */
export const StaffRoute = lazyPage(() => import('./staff-list-page').then((module) => module.StaffListPage), ['staff']);
