import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Each page is its own lazy chunk (DESIGN §7); its locale namespaces load alongside it.
const namespaces = () => i18next.loadNamespaces(['banner', 'submission']);
const BannerPage = lazy(() => Promise.all([import('./banner-page'), namespaces()]).then(([module]) => ({ default: module.BannerPage })));
const BannerQueuePage = lazy(() => Promise.all([import('./banner-queue-page'), namespaces()]).then(([module]) => ({ default: module.BannerQueuePage })));

/** /we/exhibitor/banner */
export function BannerRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <BannerPage />
    </Suspense>
  );
}

/** /wo/exhibitor/banner/list */
export function BannerQueueRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <BannerQueuePage />
    </Suspense>
  );
}
