import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { RegisterPage } from '../../features/account/pages/register-page';
import { reloadSession } from '../../features/viewer/api/viewer';
import { loginPath, PATHS } from '../paths';

/** /visitor/web/register: once registered (and signed in), the viewer is reloaded and the application form opens. */
export function RegisterRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onRegistered = useCallback(async () => {
    await reloadSession(queryClient);
    await navigate(PATHS.visitorApplication, { replace: true });
  }, [navigate, queryClient]);
  return <RegisterPage loginPath={loginPath({ scope: 'audience' })} onRegistered={onRegistered} />;
}
