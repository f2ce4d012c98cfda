import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

/** The entry's shell: no antd here (DESIGN §7); the screens that use antd bring its providers (portal-routes.tsx). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  useTranslation(); // re-render on language change
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
