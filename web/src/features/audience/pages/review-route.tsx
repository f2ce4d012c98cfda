import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// DESIGN §7: the approval list is its own lazy chunk; its locale namespace loads alongside it.
const ReviewPage = lazy(() =>
  Promise.all([import('./review-page'), i18next.loadNamespaces('review')]).then(([module]) => ({ default: module.ReviewPage })),
);

/** /wo/audience/list */
export function ReviewRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ReviewPage />
    </Suspense>
  );
}
