import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import type * as PortalRoutesModule from './portal-routes';
import { Route, Routes } from 'react-router';
import { VisitorAreaLoading } from './areas/visitor-area-loading';
import { Guard } from './guard';
import { visitorApplicationGuard, visitorAreaGuard } from './guards';
import { SimpleLayout } from './layouts/simple-layout';
import { Lazy } from './lazy';
import { PATHS } from './paths';
import { applicationOptionsQueryOptions } from '../features/application/api/application-options';
import { myApplicationQueryOptions } from '../features/application/api/my-application';
import { ApplicationLoading } from '../features/application/components/application-loading';
import { myTicketQueryOptions } from '../features/ticket/api/my-ticket';
import { ApplicationRoute, loadApplicationPage } from './routes/application-route';
import { ScrollToTop } from './scroll-to-top';
import { withAntdTexts } from './with-antd';

// DESIGN §7: the screens opened first, mostly on a phone (sign-in, both registrations, the application, the
// visitor area with the ticket) and their layouts are built without antd, so the entry holds no antd; the
// visitor pages that use antd bring its providers (WithAntd); every other screen comes with antd's providers
// in one lazy chunk (portal-routes.tsx), which waits for antd's texts of the language shown.
const loadLoginRoute = () => import('./routes/login-route');
const loadRegisterRoute = () => import('./routes/register-route');
const loadExhibitorRegisterRoute = () => import('./routes/exhibitor-register-route');
const loadVisitorArea = () => import('./areas/visitor-area');
// The build's pre-rendering (src/prerender.tsx) renders only the screens above, never this one: leaving it out
// keeps antd and every organizer page out of that Node build.
const loadPortalRoutes = (): Promise<typeof PortalRoutesModule> => (import.meta.env.SSR ? Promise.reject(new Error('not pre-rendered')) : import('./portal-routes'));
const LoginRoute = lazy(() => loadLoginRoute().then((module) => ({ default: module.LoginRoute })));
const RegisterRoute = lazy(() => loadRegisterRoute().then((module) => ({ default: module.RegisterRoute })));
const ExhibitorRegisterRoute = lazy(() => loadExhibitorRegisterRoute().then((module) => ({ default: module.ExhibitorRegisterRoute })));
const VisitorArea = lazy(() => loadVisitorArea().then((module) => ({ default: module.VisitorArea })));
const PortalRoutes = lazy(() => withAntdTexts(loadPortalRoutes).then((module) => ({ default: module.PortalRoutes })));

// Every screen of its own chunk outside the antd shell: a path missing here would load (and run) antd's providers for nothing.
const SCREEN_LOADERS: Record<string, () => Promise<unknown>> = {
  [PATHS.login]: loadLoginRoute,
  [PATHS.visitorRegister]: loadRegisterRoute,
  [PATHS.exhibitorRegister]: loadExhibitorRegisterRoute,
  [PATHS.visitorApplication]: loadApplicationPage,
};

/** Starts loading the screen of the opened path while the locale files load (main.tsx): a round trip less before the first paint. */
export function preloadScreen(pathname: string): void {
  // A failure is left to the route's own lazy load, which shows it.
  const load = SCREEN_LOADERS[pathname] ?? (pathname.startsWith('/wa/') ? loadVisitorArea : loadPortalRoutes);
  load().catch(() => undefined);
}

// The signed-in first screens' own queries, which would otherwise leave only once the session, the area and the
// screen have rendered: their largest paint waits for the answer (Lighthouse's LCP of the ticket).
const SCREEN_DATA: Record<string, (client: QueryClient) => Promise<unknown>[]> = {
  [PATHS.visitorTicket]: (client) => [client.prefetchQuery(myTicketQueryOptions)],
  [PATHS.visitorApplication]: (client) => [client.prefetchQuery(applicationOptionsQueryOptions), client.prefetchQuery(myApplicationQueryOptions)],
};

/** Starts the opened screen's queries as the app starts (boot.tsx), beside the session's; a failure is the screen's to show. */
export function prefetchScreenData(pathname: string, client: QueryClient): void {
  SCREEN_DATA[pathname]?.(client);
}

/** /login, the visitor's public screens, and the rest of SPEC 2's routes (portal-routes.tsx). */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route
          path={PATHS.login}
          element={
            <Lazy>
              <LoginRoute />
            </Lazy>
          }
        />
        <Route element={<SimpleLayout testId="public-layout" />}>
          <Route
            path={PATHS.visitorRegister}
            element={
              <Lazy>
                <RegisterRoute />
              </Lazy>
            }
          />
          <Route
            path={PATHS.exhibitorRegister}
            element={
              <Lazy>
                <ExhibitorRegisterRoute />
              </Lazy>
            }
          />
          <Route
            path={PATHS.visitorApplication}
            element={
              // The screen's height from the first paint (pre-rendered: DESIGN §7), so the form arrives without a shift.
              <Guard decide={visitorApplicationGuard} waiting={<ApplicationLoading />}>
                <ApplicationRoute />
              </Guard>
            }
          />
        </Route>
        <Route
          path="/wa/*"
          element={
            // The ticket's title and instruction from the first paint (pre-rendered: DESIGN §7), its largest element.
            <Guard decide={visitorAreaGuard} waiting={<VisitorAreaLoading />}>
              <Lazy fallback={<VisitorAreaLoading />}>
                <VisitorArea />
              </Lazy>
            </Guard>
          }
        />
        <Route
          path="*"
          element={
            <Lazy>
              <PortalRoutes />
            </Lazy>
          }
        />
      </Routes>
    </>
  );
}
