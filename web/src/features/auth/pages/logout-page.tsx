import { Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { afterSignOutDestination } from '@portal/shared/show/show-website';
import { PATHS } from '../../../app/paths';
import { forgetOfflineTicket } from '../../../lib/offline-ticket';
import { projectSettingQueryOptions } from '../../../lib/project/project-setting';
import { logout } from '../api/logout';

/**
 * /logout: calls logout (a failure is only logged), forgets the ticket saved on the device, marks the session signed out, then leaves for the
 * show's website — a project setting (/wo/project/info); the portal's sign-in page while no real website is set
 * (the demo's example.com reaches nothing) or the setting cannot be read.
 */
export function LogoutPage({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void Promise.all([logout(), forgetOfflineTicket()]).then(async () => {
      onSignedOut();
      const website = await queryClient.fetchQuery({ ...projectSettingQueryOptions, staleTime: 0 }).then(
        (setting) => setting.showWebsiteUrl,
        () => null,
      );
      window.location.assign(afterSignOutDestination(website, PATHS.login));
    });
  }, [onSignedOut, queryClient]);
  return (
    <main>
      <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '60vh' }} role="status">
        <Spin size="large" />
        <Typography.Text>{t('loggingOut')}</Typography.Text>
      </Flex>
    </main>
  );
}
