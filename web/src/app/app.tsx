import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

/** The providers around the router: the same in the browser and in the build's pre-rendering (src/prerender.tsx). */
export function AppProviders({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useTranslation(); // re-render on language change
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The entry's shell: no antd here (DESIGN §7); the screens that use antd bring its providers (portal-routes.tsx). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
