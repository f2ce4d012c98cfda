import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { currentLocale } from '../lib/i18n/i18n';
import { Lazy } from './lazy';
import { PATHS } from './paths';
import { ScrollToTop } from './scroll-to-top';

// DESIGN §7: the sign-in screen is built without antd, so the entry holds no antd; every other screen
// comes with antd's providers in one lazy chunk, which waits for antd's texts of the language shown.
const LoginRoute = lazy(() => import('./routes/login-route').then((module) => ({ default: module.LoginRoute })));
const PortalRoutes = lazy(async () => {
  const [module] = await Promise.all([import('./portal-routes'), import('../lib/i18n/antd-locale').then((texts) => texts.loadAntdLocale(currentLocale()))]);
  return { default: module.PortalRoutes };
});

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
