import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface InitialPasswordNotice {
  companyName: string;
  /** The account's sign-in identities (email, mobile). */
  identities: string[];
  initialPassword: string;
}

/**
 * Shows an initial password once (after creating a company or resetting its password): only its hash is
 * stored, so closing the dialog is the last chance to copy it.
 */
export function InitialPasswordDialog({ notice, onClose }: { notice: InitialPasswordNotice | undefined; onClose: () => void }) {
  const { t } = useTranslation('exhibitor-account');
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
          <Alert type="warning" showIcon title={t('initialPassword.once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('columns.company')}>{notice.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('columns.account')}>{notice.identities.join(' / ')}</Descriptions.Item>
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
