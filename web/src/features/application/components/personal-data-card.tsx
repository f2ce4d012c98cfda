import { App, Button, Card, Checkbox, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@portal/shared/auth/credentials';
import { useErrorText } from '../../../lib/use-error-text';
import { useEraseMyPersonalData } from '../api/erase-my-personal-data';
import { useWithdrawApplication } from '../api/withdraw-application';

interface EraseValues {
  password: string;
  understood: boolean;
}

/**
 * /usercenter/settings for visitors (PIPL): withdraw the application (it and its
 * photos are deleted, the activation code is free again, a new one may be filed), or erase every
 * personal datum and close the account — the password is asked again and the step cannot be undone.
 */
export function PersonalDataCard({ hasApplication, onWithdrawn, onErased }: { hasApplication: boolean; onWithdrawn: () => Promise<unknown>; onErased: (confirmation: string) => void }) {
  const { t, ready } = useTranslation('personal-data');
  const { message, notification } = App.useApp();
  const errorText = useErrorText();
  const withdraw = useWithdrawApplication();
  const erase = useEraseMyPersonalData();
  const [erasing, setErasing] = useState(false);
  const [form] = Form.useForm<EraseValues>();
  if (!ready) return null;
  return (
    <Card title={<h2 className="card-title">{t('title')}</h2>} data-testid="personal-data">
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('intro')}</Typography.Paragraph>
        {hasApplication ? (
          <Flex vertical gap={8} align="start">
            <Typography.Text type="secondary">{t('withdraw.explanation')}</Typography.Text>
            <Popconfirm
              title={t('withdraw.confirmTitle')}
              description={t('withdraw.confirm')}
              okText={t('withdraw.ok')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true, loading: withdraw.isPending, ...{ 'data-testid': 'withdraw-confirm' } }}
              onConfirm={async () => {
                try {
                  await withdraw.mutateAsync();
                  void message.success(t('withdraw.done'));
                  await onWithdrawn();
                } catch (error) {
                  notification.error({ title: errorText(error), placement: 'top' });
                }
              }}
            >
              <Button danger data-testid="withdraw-application">
                {t('withdraw.button')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : null}
        <Flex vertical gap={8} align="start">
          <Typography.Text type="secondary">{t('erase.explanation')}</Typography.Text>
          <Button danger type="primary" onClick={() => setErasing(true)} data-testid="erase-my-data">
            {t('erase.button')}
          </Button>
        </Flex>
      </Flex>
      <Modal
        open={erasing}
        title={t('erase.title')}
        okText={t('erase.ok')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: erase.isPending, ...{ 'data-testid': 'erase-my-data-confirm' } }}
        onOk={() => form.submit()}
        onCancel={() => {
          setErasing(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form<EraseValues>
          form={form}
          layout="vertical"
          name="erase-my-data"
          onFinish={async (values) => {
            try {
              await erase.mutateAsync(values.password);
              setErasing(false);
              // The account is gone: the confirmation goes with the visitor to the sign-in screen.
              onErased(t('erase.done'));
            } catch (error) {
              notification.error({ title: errorText(error), placement: 'top' });
            }
          }}
        >
          <Typography.Paragraph>{t('erase.consequences')}</Typography.Paragraph>
          <Form.Item name="password" label={t('erase.password')} rules={[{ required: true, message: t('erase.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} data-testid="erase-my-data-password" />
          </Form.Item>
          <Form.Item
            name="understood"
            valuePropName="checked"
            rules={[{ validator: (_rule, checked: boolean) => (checked ? Promise.resolve() : Promise.reject(new Error(t('erase.understoodRequired')))) }]}
          >
            <Checkbox data-testid="erase-my-data-understood">{t('erase.understood')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
