import { lazyPage } from '../../../components/lazy-page';

/** /wo/exhibitor/quotas: the quota rules and the extra badge orders (its own chunk, DESIGN §7). */
export const BadgeQuotaRoute = lazyPage(() => import('./badge-quota-page').then((module) => module.BadgeQuotaPage), ['badge-quota']);
/** The exhibitor's quota card, composed into its badge page by the exhibitor area. */
export const OwnBadgeQuotaRoute = lazyPage(() => import('../components/own-badge-quota-card').then((module) => module.OwnBadgeQuotaCard), ['badge-quota']);
