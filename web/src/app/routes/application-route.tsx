import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';

// DESIGN §7: the application pages are their own chunk (zod, the form); the cropper and face-api load later still, when the photo step opens.
const ApplicationPage = lazy(() => import('../../features/audience/pages/application-page').then((module) => ({ default: module.ApplicationPage })));
const ApplicationEditPage = lazy(() => import('../../features/audience/pages/application-edit-page').then((module) => ({ default: module.ApplicationEditPage })));

/** /visitor/web/application */
export function ApplicationRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ApplicationPage />
    </Suspense>
  );
}

/** /wa/visitor/info/edit */
export function ApplicationEditRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ApplicationEditPage />
    </Suspense>
  );
}
