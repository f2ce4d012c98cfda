import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { lazyPage } from '../../../components/lazy-page';
import { PageLoading } from '../../../components/page-loading';

// DESIGN §7: the approval list is its own lazy chunk; its locale namespace loads alongside it.
const ApprovalListPage = lazy(() =>
  Promise.all([import('./approval-list-page'), i18next.loadNamespaces('review')]).then(([module]) => ({ default: module.ApprovalListPage })),
);

/** /wo/audience/list */
export function ApprovalListRoute({ canErase }: { canErase: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ApprovalListPage canErase={canErase} />
    </Suspense>
  );
}

/** /wo/audience/rules */
export const AutoApprovalRoute = lazyPage(() => import('./auto-approval-page').then((module) => module.AutoApprovalPage), ['review']);
