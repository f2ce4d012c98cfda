import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface InitialPasswordNotice {
  /** Who holds the account (a company, a staff member), with the label of that row. */
  holderLabel: string;
  holder: string;
  /** The account's sign-in identities (email, mobile). */
  identities: string[];
  initialPassword: string;
  /** Whom to hand the password to, in the caller's words. */
  warning: string;
}

/**
 * Shows an initial password once (after creating an account or resetting its password): only its hash is
 * stored, so closing the dialog is the last chance to copy it.
 */
export function InitialPasswordDialog({ notice, onClose }: { notice: InitialPasswordNotice | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!notice}
      title={t('initialPassword.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="initial-password-close">
          {t('initialPassword.done')}
        </Button>
      }
      destroyOnHidden
    >
      {notice ? (
        <>
          <Alert type="warning" showIcon title={notice.warning} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={notice.holderLabel}>{notice.holder}</Descriptions.Item>
            <Descriptions.Item label={t('initialPassword.identities')}>{notice.identities.join(' / ')}</Descriptions.Item>
            <Descriptions.Item label={t('initialPassword.label')}>
              <Typography.Text code copyable={{ tooltips: [t('initialPassword.copy'), t('initialPassword.copied')] }} data-testid="initial-password-value">
                {notice.initialPassword}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Modal>
  );
}
