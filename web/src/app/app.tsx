import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { useShowName } from '../lib/project/show-name';
import { useReadinessSignal } from '../lib/readiness';
import { AppRoutes } from './router';
import { WaitingRoom } from '../components/waiting-room';

/** The providers around the router: the same in the browser and in the build's pre-rendering (src/prerender.tsx). */
export function AppProviders({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useTranslation(); // re-render on language change
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The browser tab says the show's name as the organizers set it (the portal's name until it is read). */
function ShowNameTitle() {
  const name = useShowName();
  // A language change first resets the title (lib/i18n): set it again after it.
  const { i18n } = useTranslation();
  useEffect(() => {
    if (name) document.title = name;
  }, [name, i18n.language]);
  return null;
}

/** The entry's shell: no antd here (DESIGN §7); the screens that use antd bring its providers (portal-routes.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  useReadinessSignal(queryClient);
  return (
    <AppProviders client={queryClient}>
      <ShowNameTitle />
      <WaitingRoom />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
