import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// A lazy chunk of its own; the page's texts and the shared action labels load alongside it.
const AuditLogPage = lazy(() =>
  Promise.all([import('./audit-log-page'), i18next.loadNamespaces(['audit-log', 'audit'])]).then(([module]) => ({ default: module.AuditLogPage })),
);

/** /wo/system/audit */
export function AuditLogRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AuditLogPage />
    </Suspense>
  );
}
