import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Scope } from '@portal/shared/auth/scopes';
import { LoginPage, scopeFromQuery } from '../../features/auth/pages/login-page';
import { reloadSession } from '../../features/viewer/api/viewer';
import { AREA_BY_SCOPE, PATHS, safeRedirect } from '../paths';

const REGISTER_PATHS = { audience: PATHS.visitorRegister, exhibitor: PATHS.exhibitorRegister };

/** /login?redirect=…&scope=…: after sign-in the viewer is reloaded, then `redirect` (same-origin paths only) or the scope's area. */
export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scope = scopeFromQuery(params.get('scope'));
  const redirect = params.get('redirect');

  const onScopeChange = useCallback(
    (next: Scope) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('scope', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onSignedIn = useCallback(
    async (signedInScope: Scope) => {
      const session = await reloadSession(queryClient);
      const landing = session.status === 'loaded' ? AREA_BY_SCOPE[session.scope] : AREA_BY_SCOPE[signedInScope];
      await navigate(safeRedirect(redirect) ?? landing, { replace: true });
    },
    [navigate, queryClient, redirect],
  );

  return <LoginPage scope={scope} onScopeChange={onScopeChange} onSignedIn={onSignedIn} registerPaths={REGISTER_PATHS} />;
}
