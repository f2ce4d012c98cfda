import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from '../lib/i18n/antd-locale';
import { currentLocale } from '../lib/i18n/i18n';

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

/** antd's theme, texts and App (notification, message, modal) for the screens built with antd. */
export function AntdProviders({ children }: { children: ReactNode }) {
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
