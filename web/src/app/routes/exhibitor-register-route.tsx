import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ExhibitorRegisterPage } from '../../features/exhibitor/pages/exhibitor-register-page';
import { reloadSession } from '../../features/viewer/api/viewer';
import { loginPath, PATHS } from '../paths';

/** /exhibitor/web/register: once registered (and signed in), the viewer is reloaded and the exhibitor area opens (it shows the wait for approval). */
export function ExhibitorRegisterRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onRegistered = useCallback(async () => {
    await reloadSession(queryClient);
    await navigate(PATHS.exhibitor, { replace: true });
  }, [navigate, queryClient]);
  return <ExhibitorRegisterPage loginPath={loginPath({ scope: 'exhibitor' })} onRegistered={onRegistered} />;
}
