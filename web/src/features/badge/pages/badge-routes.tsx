import { lazyPage } from '../../../components/lazy-page';

// Each page is its own lazy chunk (DESIGN §7); its locale namespaces load alongside it. The form shows ID
// types and ID-number problems in the visitor form's words (one name per thing).
const FORM_NAMESPACES = ['badge', 'submission', 'application', 'photo'];

/** /we/exhibitor/application/list */
export const BadgeListRoute = lazyPage(() => import('./badge-list-page').then((module) => module.BadgeListPage), FORM_NAMESPACES);
/** /we/exhibitor/application/:id? */
export const BadgeFormRoute = lazyPage(() => import('./badge-form-page').then((module) => module.BadgeFormPage), FORM_NAMESPACES);
/** /wo/exhibitor/application/list */
export const BadgeQueueRoute = lazyPage(() => import('./badge-queue-page').then((module) => module.BadgeQueuePage), ['badge-review', 'submission']);
/** /ticket (public) */
export const BadgeTicketRoute = lazyPage(() => import('./badge-ticket-page').then((module) => module.BadgeTicketPage), ['badge-ticket']);
