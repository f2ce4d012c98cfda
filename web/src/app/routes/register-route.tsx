import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { VisitorsOnly } from '../../components/visitors-only';
import { RegisterPage } from '../../features/account/pages/register-page';
import { logout } from '../../features/auth/api/logout';
import { markUnauthorized, reloadSession, useSession } from '../../features/viewer/api/viewer';
import { AREA_BY_SCOPE, loginPath, PATHS } from '../paths';

/**
 * /visitor/web/register: once registered (and signed in), the viewer is reloaded and the application form opens.
 * A signed-in organizer or exhibitor (also sent here from /visitor/web/application, SPEC 2) is told the page is for
 * visitors, with the way to their own area or to sign out and stay.
 */
export function RegisterRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useSession();
  const onRegistered = useCallback(async () => {
    await reloadSession(queryClient);
    await navigate(PATHS.visitorApplication, { replace: true });
  }, [navigate, queryClient]);
  const onSignOut = useCallback(async () => {
    await logout();
    markUnauthorized(queryClient);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'viewer' });
  }, [queryClient]);
  if (session.status === 'loaded' && session.scope !== 'audience') {
    const name = session.viewer.nickname || session.viewer.name;
    return <VisitorsOnly scope={session.scope} name={name} areaPath={AREA_BY_SCOPE[session.scope]} onSignOut={onSignOut} />;
  }
  return <RegisterPage loginPath={loginPath({ scope: 'audience' })} onRegistered={onRegistered} />;
}
