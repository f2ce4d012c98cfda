import { lazyPage } from '../../../components/lazy-page';

/** /wo/entrance-room: its own chunk; ECharts loads later still, with the first chart. */
export const EntranceRoomRoute = lazyPage(() => import('./entrance-room-page').then((module) => module.EntranceRoomPage), ['entrance-room']);
