import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shows a device token once, right after it was issued: only its hash is stored, so closing the dialog
 * is the last chance to copy it into the device.
 */
export function DeviceTokenDialog({ issued, onClose }: { issued: { deviceName: string; token: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation('entrance');
  return (
    <Modal
      open={!!issued}
      title={t('token.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="device-token-close">
          {t('token.done')}
        </Button>
      }
      destroyOnHidden
      data-testid="device-token-dialog"
    >
      {issued ? (
        <>
          <Alert type="warning" showIcon title={t('token.once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('columns.name')}>{issued.deviceName}</Descriptions.Item>
            <Descriptions.Item label={t('token.label')}>
              <Typography.Text code copyable={{ tooltips: [t('token.copy'), t('token.copied')] }} style={{ wordBreak: 'break-all' }} data-testid="device-token-value">
                {issued.token}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('token.usage')}
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}
