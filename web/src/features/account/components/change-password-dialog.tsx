import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './password-form';

/**
 * The change-password dialog. `forced` (an initial password set by an organizer): it cannot be dismissed
 * until the password is changed; otherwise it is offered from the user menu and closes as usual.
 */
export function ChangePasswordDialog({ open, forced, onClose, onChanged }: { open: boolean; forced: boolean; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('account');
  return (
    <Modal
      open={open}
      title={t('password.title')}
      footer={null}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      onCancel={onClose}
      destroyOnHidden
      data-testid="change-password-dialog"
    >
      {forced ? <Alert type="warning" showIcon title={t('password.initialNotice')} style={{ marginBottom: 16 }} data-testid="change-password-forced" /> : null}
      <PasswordForm
        framed={false}
        onChanged={async () => {
          await onChanged();
          onClose();
        }}
      />
    </Modal>
  );
}
