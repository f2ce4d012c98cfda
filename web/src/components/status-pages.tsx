import { lazy, Suspense } from 'react';
import { PageLoading } from './page-loading';

// DESIGN §7: antd's Result and its pictures stay off the first load; few visits ever show a status page.
const results = () => import('./status-results');
const NotFoundResult = lazy(() => results().then((module) => ({ default: module.NotFoundPage })));
const ForbiddenResult = lazy(() => results().then((module) => ({ default: module.ForbiddenPage })));
const LoadErrorResult = lazy(() => results().then((module) => ({ default: module.LoadErrorPage })));

/** The not-found page (SPEC 2: any other path; also the visitor pages that need an approved application). */
export function NotFoundPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <NotFoundResult />
    </Suspense>
  );
}

/** The forbidden page (a 403, a role the viewer does not have). */
export function ForbiddenPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ForbiddenResult />
    </Suspense>
  );
}

/** The session could not be loaded (network, server error). */
export function LoadErrorPage({ message }: { message: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LoadErrorResult message={message} />
    </Suspense>
  );
}
