import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LogoutPage } from '../../features/auth/pages/logout-page';
import { markUnauthorized } from '../../features/viewer/api/viewer';

export function LogoutRoute() {
  const queryClient = useQueryClient();
  const onSignedOut = useCallback(() => {
    markUnauthorized(queryClient);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'viewer' });
  }, [queryClient]);
  return <LogoutPage onSignedOut={onSignedOut} />;
}
