import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/page-loading';

// Each page is its own lazy chunk (DESIGN §7); its locale namespace loads alongside it.
const ProjectSettingsPage = lazy(() => Promise.all([import('./project-settings-page'), i18next.loadNamespaces(['project'])]).then(([module]) => ({ default: module.ProjectSettingsPage })));
const ActivationCodesPage = lazy(() => Promise.all([import('./activation-codes-page'), i18next.loadNamespaces(['cdk'])]).then(([module]) => ({ default: module.ActivationCodesPage })));

/** /wo/project/info; the banner placements live with the banner queue (the link is composed in app/). */
export function ProjectSettingsRoute({ bannerPlacementsPath }: { bannerPlacementsPath: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ProjectSettingsPage bannerPlacementsPath={bannerPlacementsPath} />
    </Suspense>
  );
}

/** /wo/project/cdk */
export function ActivationCodesRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ActivationCodesPage />
    </Suspense>
  );
}
