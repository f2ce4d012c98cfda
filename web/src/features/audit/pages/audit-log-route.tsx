import { lazyPage } from '../../../components/lazy-page';

/** /wo/system/audit: its own chunk; the page's texts and the shared action labels load alongside it. */
export const AuditLogRoute = lazyPage(() => import('./audit-log-page').then((module) => module.AuditLogPage), ['audit-log', 'audit']);
