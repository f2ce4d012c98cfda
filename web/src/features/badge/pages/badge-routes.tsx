import { lazyPage } from '../../../components/lazy-page';

// The form shows ID types and ID-number problems in the visitor form's words (one name per thing).
const NAMESPACES = ['badge', 'submission', 'application', 'photo'];

/** /we/exhibitor/application/list */
export const BadgeListRoute = lazyPage(() => import('./badge-list-page').then((module) => module.BadgeListPage), NAMESPACES);
/** /we/exhibitor/application/:id? */
export const BadgeFormRoute = lazyPage(() => import('./badge-form-page').then((module) => module.BadgeFormPage), NAMESPACES);
