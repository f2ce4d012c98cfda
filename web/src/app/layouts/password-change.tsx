import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { reloadSession, useSession } from '../../features/viewer/api/viewer';
import { mustChangePassword } from '../../features/viewer/session';
import { WithAntd } from '../with-antd';

// Built with antd: loaded only when it opens, with antd's providers (the visitor area has none around it),
// so that the areas' layout holds no antd (DESIGN §7).
const ChangePasswordDialog = lazy(() => import('../../features/account/components/change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })));

/**
 * The change-password dialog of an area. While the viewer still has an initial password (the server
 * refuses everything else too) the area's page is not shown and the dialog cannot be closed;
 * afterwards it opens from the user menu.
 */
export function PasswordChange({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const forced = mustChangePassword(session);
  return (
    <>
      {forced ? null : children}
      {forced || open ? (
        <WithAntd fallback={null}>
          <ChangePasswordDialog open forced={forced} onClose={onClose} onChanged={() => reloadSession(queryClient)} />
        </WithAntd>
      ) : null}
    </>
  );
}
