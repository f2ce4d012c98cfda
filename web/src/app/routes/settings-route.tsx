import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { SettingsPage } from '../../features/account/pages/settings-page';
import { PersonalDataCard } from '../../features/application/components/personal-data-card';
import { reloadSession, useSession } from '../../features/viewer/api/viewer';
import { flashOnNextScreen } from '../../lib/flash-notice';
import { AREA_BY_SCOPE, loginPath } from '../paths';

/** Settings of the signed-in viewer; a saved profile or a changed password reloads the viewer. */
export function SettingsRoute() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (session.status !== 'loaded') return <PageLoading />;
  const viewer = session.viewer;
  // Visitors manage their own personal data here (PIPL): withdrawal reloads the session (back to no
  // application); erasure ends it, so the browser goes to the sign-in page.
  const personalData =
    viewer.__typename === 'User' ? (
      <PersonalDataCard
        hasApplication={Boolean(viewer.audience)}
        onWithdrawn={() => reloadSession(queryClient)}
        onErased={(confirmation) => {
          flashOnNextScreen(confirmation);
          void navigate(loginPath({ scope: 'audience' }), { replace: true });
          void reloadSession(queryClient);
        }}
      />
    ) : undefined;
  return <SettingsPage key={viewer.id} backPath={AREA_BY_SCOPE[session.scope]} name={viewer.name} nickname={viewer.nickname} onProfileSaved={() => reloadSession(queryClient)} onPasswordChanged={() => reloadSession(queryClient)} extra={personalData} />;
}
