import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface EraseValues {
  confirmation: string;
}

/**
 * The super administrator erases the personal data of the selected applications (a visitor's request
 * made by phone or email). Irreversible, so the number of applications must be typed; the server checks
 * the same. The dialog stays open on failure.
 */
export function EraseDialog({ ids, pending, onSubmit, onCancel }: { ids: string[] | null; pending: boolean; onSubmit: (confirmation: string) => Promise<unknown>; onCancel: () => void }) {
  const { t } = useTranslation('review');
  const [form] = Form.useForm<EraseValues>();
  const count = ids?.length ?? 0;
  return (
    <Modal
      open={ids !== null}
      title={t('erase.title', { count })}
      okText={t('erase.submit')}
      cancelText={t('erase.cancel')}
      okButtonProps={{ danger: true, loading: pending, ...{ 'data-testid': 'review-erase-submit' } }}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: pending }}
      onCancel={() => {
        if (!pending) onCancel();
      }}
      afterClose={() => form.resetFields()}
      wrapProps={{ 'data-testid': 'review-erase-dialog' }}
    >
      <Alert type="warning" showIcon message={t('erase.warning')} style={{ marginBottom: 16 }} />
      <Form<EraseValues> form={form} layout="vertical" name="erase-personal-data" onFinish={(values) => onSubmit(values.confirmation.trim())}>
        <Typography.Paragraph>{t('erase.explanation', { count })}</Typography.Paragraph>
        <Form.Item
          name="confirmation"
          label={t('erase.confirmation', { count })}
          rules={[{ validator: (_rule, value: string | undefined) => (value?.trim() === String(count) ? Promise.resolve() : Promise.reject(new Error(t('erase.mismatch', { count })))) }]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={8} data-testid="review-erase-confirmation" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
