import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { NotFoundPage } from '../components/status-pages';
import { Guard } from './guard';
import { exhibitorAreaGuard, organizerAreaGuard, requireSignIn, rootGuard, visitorApplicationGuard, visitorAreaGuard } from './guards';
import { SimpleLayout } from './layouts/simple-layout';
import { PATHS } from './paths';
import { ApplicationRoute } from './routes/application-route';
import { BadgeTicketRoute } from '../features/badge/pages/badge-routes';
import { ScrollToTop } from './scroll-to-top';

// DESIGN §7: each area is its own chunk, loaded only once its guard allows it; the login page
// never pulls the organizer or exhibitor code.
const OrganizerArea = lazy(() => import('./areas/organizer-area').then((module) => ({ default: module.OrganizerArea })));
const VisitorArea = lazy(() => import('./areas/visitor-area').then((module) => ({ default: module.VisitorArea })));
const ExhibitorArea = lazy(() => import('./areas/exhibitor-area').then((module) => ({ default: module.ExhibitorArea })));
const LoginRoute = lazy(() => import('./routes/login-route').then((module) => ({ default: module.LoginRoute })));
const RegisterRoute = lazy(() => import('./routes/register-route').then((module) => ({ default: module.RegisterRoute })));
const ExhibitorRegisterRoute = lazy(() => import('./routes/exhibitor-register-route').then((module) => ({ default: module.ExhibitorRegisterRoute })));
const LogoutRoute = lazy(() => import('./routes/logout-route').then((module) => ({ default: module.LogoutRoute })));
const SettingsRoute = lazy(() => import('./routes/settings-route').then((module) => ({ default: module.SettingsRoute })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Every route of SPEC 2 with its guard. */
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
        <Route
          path={PATHS.logout}
          element={
            <Lazy>
              <LogoutRoute />
            </Lazy>
          }
        />
        <Route path={PATHS.root} element={<Guard decide={rootGuard}>{null}</Guard>} />
        <Route element={<SimpleLayout testId="public-layout" />}>
          <Route path={PATHS.ticket} element={<BadgeTicketRoute />} />
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
              <Guard decide={visitorApplicationGuard}>
                <ApplicationRoute />
              </Guard>
            }
          />
        </Route>
        <Route
          element={
            <Guard decide={requireSignIn}>
              <SimpleLayout />
            </Guard>
          }
        >
          <Route path="/usercenter" element={<Navigate to={PATHS.settings} replace />} />
          <Route
            path={PATHS.settings}
            element={
              <Lazy>
                <SettingsRoute />
              </Lazy>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="/wo/*"
          element={
            <Guard decide={organizerAreaGuard}>
              <Lazy>
                <OrganizerArea />
              </Lazy>
            </Guard>
          }
        />
        <Route
          path="/wa/*"
          element={
            <Guard decide={visitorAreaGuard}>
              <Lazy>
                <VisitorArea />
              </Lazy>
            </Guard>
          }
        />
        <Route
          path="/we/*"
          element={
            <Guard decide={exhibitorAreaGuard}>
              <Lazy>
                <ExhibitorArea />
              </Lazy>
            </Guard>
          }
        />
      </Routes>
    </>
  );
}
