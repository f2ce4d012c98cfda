import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ApplicationLoading } from '../../features/application/components/application-loading';
import { APPLICATION_SCREEN_NAMESPACES } from '../../features/application/lib/screen-namespaces';
import { reloadSession } from '../../features/viewer/api/viewer';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { PATHS } from '../paths';

// DESIGN §7: the application pages are their own chunk (the plain form); zod's rules load after its paint, the cropper and face-api when the photo step opens.
export const loadApplicationPage = () => import('../../features/application/pages/application-page');
/** A page's code with the screen's locale files: the form then renders once, in the guard's transition (loadNamespaces). */
const withScreenTexts = <T,>(load: () => Promise<T>) => Promise.all([load(), loadNamespaces(APPLICATION_SCREEN_NAMESPACES)]).then(([module]) => module);
const ApplicationPage = lazy(() => withScreenTexts(loadApplicationPage).then((module) => ({ default: module.ApplicationPage })));
const ApplicationEditPage = lazy(() =>
  withScreenTexts(() => import('../../features/application/pages/application-edit-page')).then((module) => ({ default: module.ApplicationEditPage })),
);

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
    <Suspense fallback={<ApplicationLoading />}>
      <ApplicationPage onSaved={onSaved} donePath={PATHS.visitorInfo} />
    </Suspense>
  );
}

/** /wa/visitor/info/edit */
export function ApplicationEditRoute() {
  const onSaved = useOnSaved();
  return (
    <Suspense fallback={<ApplicationLoading />}>
      <ApplicationEditPage onSaved={onSaved} donePath={PATHS.visitorInfo} />
    </Suspense>
  );
}
