import { useQueryClient } from '@tanstack/react-query';
import { PageLoading } from '../../components/page-loading';
import { SettingsPage } from '../../features/account/pages/settings-page';
import { reloadSession, useSession } from '../../features/viewer/api/viewer';

/** Settings of the signed-in viewer; a saved profile or a changed password reloads the viewer. */
export function SettingsRoute() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  if (session.status !== 'loaded') return <PageLoading />;
  return <SettingsPage key={session.viewer.id} name={session.viewer.name} nickname={session.viewer.nickname} onProfileSaved={() => reloadSession(queryClient)} onPasswordChanged={() => reloadSession(queryClient)} />;
}
