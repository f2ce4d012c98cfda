import { App as AntApp, ConfigProvider } from 'antd';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../components/status-pages';
import { useAntdLocale } from '../lib/i18n/antd-locale';
import { currentLocale } from '../lib/i18n/i18n';
import { Guard } from './guard';
import { exhibitorAreaGuard, organizerAreaGuard, requireSignIn, rootGuard, visitorApplicationGuard, visitorAreaGuard } from './guards';
import { SimpleLayout } from './layouts/simple-layout';
import { PATHS } from './paths';
import { ApplicationRoute } from './routes/application-route';
import { BadgeTicketRoute } from '../features/badge/pages/badge-routes';
import { Lazy } from './lazy';

/** Brand red; link and secondary text colours darkened to meet WCAG AA contrast (axe runs on every page). */
const PORTAL_THEME = {
  token: {
    colorPrimary: '#c8102e',
    colorInfo: '#c8102e',
    colorLink: '#b00d27',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders and error texts at 4.5:1 on white (antd's defaults are 1.8:1 and 3.3:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#c8102e',
    fontFamily: 'var(--portal-font)',
  },
};

/** SPEC 9: notifications at the top, 2500 ms. */
const NOTIFICATION_CONFIG = { placement: 'top', duration: 2.5 } as const;
const MESSAGE_CONFIG = { duration: 2.5 } as const;

// DESIGN §7: each area is its own chunk, loaded only once its guard allows it.
const OrganizerArea = lazy(() => import('./areas/organizer-area').then((module) => ({ default: module.OrganizerArea })));
const VisitorArea = lazy(() => import('./areas/visitor-area').then((module) => ({ default: module.VisitorArea })));
const ExhibitorArea = lazy(() => import('./areas/exhibitor-area').then((module) => ({ default: module.ExhibitorArea })));
const RegisterRoute = lazy(() => import('./routes/register-route').then((module) => ({ default: module.RegisterRoute })));
const ExhibitorRegisterRoute = lazy(() => import('./routes/exhibitor-register-route').then((module) => ({ default: module.ExhibitorRegisterRoute })));
const LogoutRoute = lazy(() => import('./routes/logout-route').then((module) => ({ default: module.LogoutRoute })));
const SettingsRoute = lazy(() => import('./routes/settings-route').then((module) => ({ default: module.SettingsRoute })));

/** antd's theme, texts and App (notification, message, modal) for the screens built with antd. */
function AntdProviders({ children }: { children: ReactNode }) {
  useTranslation(); // re-render on language change
  const antdLocale = useAntdLocale(currentLocale());
  return (
    <ConfigProvider locale={antdLocale} theme={PORTAL_THEME}>
      <AntApp notification={NOTIFICATION_CONFIG} message={MESSAGE_CONFIG}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * Every route of SPEC 2 but /login, with its guard: the screens built with antd, loaded after the entry
 * (DESIGN §7: the sign-in screen is built without antd and never waits for it).
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
    </AntdProviders>
  );
}
