import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';
import { reloadSession } from '../../features/viewer/api/viewer';
import { PATHS } from '../paths';

// DESIGN §7: the application pages are their own chunk (zod, the form); the cropper and face-api load later still, when the photo step opens.
const ApplicationPage = lazy(() => import('../../features/application/pages/application-page').then((module) => ({ default: module.ApplicationPage })));
const ApplicationEditPage = lazy(() => import('../../features/application/pages/application-edit-page').then((module) => ({ default: module.ApplicationEditPage })));

/** After a save the session is reloaded: the viewer's approveStatus (guards, menu) changed. */
function useOnSaved() {
  const queryClient = useQueryClient();
  return async () => {
    await reloadSession(queryClient);
  };
}

/** /visitor/web/application */
export function ApplicationRoute() {
  const onSaved = useOnSaved();
  return (
    <Suspense fallback={<PageLoading />}>
      <ApplicationPage onSaved={onSaved} donePath={PATHS.visitorInfo} />
    </Suspense>
  );
}

/** /wa/visitor/info/edit */
export function ApplicationEditRoute() {
  const onSaved = useOnSaved();
  return (
    <Suspense fallback={<PageLoading />}>
      <ApplicationEditPage onSaved={onSaved} donePath={PATHS.visitorInfo} />
    </Suspense>
  );
}
