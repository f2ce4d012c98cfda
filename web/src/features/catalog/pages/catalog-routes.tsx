import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Each page is its own lazy chunk (DESIGN §7); its locale namespaces load alongside it.
const namespaces = () => i18next.loadNamespaces(['catalog', 'submission']);
const CatalogPage = lazy(() => Promise.all([import('./catalog-page'), namespaces()]).then(([module]) => ({ default: module.CatalogPage })));
const CatalogQueuePage = lazy(() => Promise.all([import('./catalog-queue-page'), namespaces()]).then(([module]) => ({ default: module.CatalogQueuePage })));

/** /we/exhibitor/catalog */
export function CatalogRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <CatalogPage />
    </Suspense>
  );
}

/** /wo/exhibitor/catalog/list */
export function CatalogQueueRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <CatalogQueuePage />
    </Suspense>
  );
}
