import { Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../api/logout';

export const DEFAULT_SHOW_WEBSITE_URL = 'https://www.example.com/';

export function showWebsiteUrl(configured: string | undefined): string {
  return configured?.trim() || DEFAULT_SHOW_WEBSITE_URL;
}

/** /logout: calls logout (a failure is only logged), marks the session signed out, then leaves for the show's website. */
export function LogoutPage({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation('auth');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => {
      onSignedOut();
      window.location.assign(showWebsiteUrl(import.meta.env.VITE_SHOW_WEBSITE_URL));
    });
  }, [onSignedOut]);
  return (
    <main>
      <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '60vh' }} role="status">
        <Spin size="large" />
        <Typography.Text>{t('loggingOut')}</Typography.Text>
      </Flex>
    </main>
  );
}
