import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../components/status-pages';
import { Guard } from './guard';
import { exhibitorAreaGuard, organizerAreaGuard, requireSignIn, rootGuard } from './guards';
import { SimpleLayout } from './layouts/simple-layout';
import { PATHS } from './paths';
import { BadgeTicketRoute } from '../features/badge/pages/badge-routes';
import { LetterVerifyRoute } from '../features/invitation-letter/pages/letter-routes';
import { Lazy } from './lazy';
import { AntdProviders } from './antd-providers';

// DESIGN §7: each area is its own chunk, loaded only once its guard allows it.
const OrganizerArea = lazy(() => import('./areas/organizer-area').then((module) => ({ default: module.OrganizerArea })));
const ExhibitorArea = lazy(() => import('./areas/exhibitor-area').then((module) => ({ default: module.ExhibitorArea })));
const LogoutRoute = lazy(() => import('./routes/logout-route').then((module) => ({ default: module.LogoutRoute })));
const SettingsRoute = lazy(() => import('./routes/settings-route').then((module) => ({ default: module.SettingsRoute })));

/**
 * Every route of SPEC 2 but the plain screens (router.tsx: sign-in, registrations, application, the visitor
 * area), with its guard: the screens built with antd, loaded after the entry (DESIGN §7).
 */
export function PortalRoutes() {
  return (
    <AntdProviders>
      <Routes>
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
          <Route path={`${PATHS.letterVerify}/:letterId`} element={<LetterVerifyRoute />} />
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
    </AntdProviders>
  );
}
