import { lazyPage } from '../../../components/lazy-page';

/** /wo/hardware/list: its own chunk; the page's texts load alongside it. */
export const DeviceListRoute = lazyPage(() => import('./device-list-page').then((module) => module.DeviceListPage), ['entrance']);
