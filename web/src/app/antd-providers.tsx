import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from '../lib/i18n/antd-locale';
import { currentLocale } from '../lib/i18n/i18n';
import { PORTAL_THEME } from './portal-theme';

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
