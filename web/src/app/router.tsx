import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { currentLocale } from '../lib/i18n/i18n';
import { Lazy } from './lazy';
import { PATHS } from './paths';
import { ScrollToTop } from './scroll-to-top';

// DESIGN §7: the sign-in screen is built without antd, so the entry holds no antd; every other screen
// comes with antd's providers in one lazy chunk, which waits for antd's texts of the language shown.
const loadLoginRoute = () => import('./routes/login-route');
const loadPortalRoutes = () => import('./portal-routes');
const LoginRoute = lazy(() => loadLoginRoute().then((module) => ({ default: module.LoginRoute })));
const PortalRoutes = lazy(async () => {
  const [module] = await Promise.all([loadPortalRoutes(), import('../lib/i18n/antd-locale').then((texts) => texts.loadAntdLocale(currentLocale()))]);
  return { default: module.PortalRoutes };
});

/** Starts loading the screen of the opened path while the locale files load (main.tsx): a round trip less before the first paint. */
export function preloadScreen(pathname: string): void {
  // A failure is left to the route's own lazy load, which shows it.
  (pathname === PATHS.login ? loadLoginRoute() : loadPortalRoutes()).catch(() => undefined);
}

/** /login, and the rest of SPEC 2's routes (portal-routes.tsx). */
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
