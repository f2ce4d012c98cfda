import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REFUSE_REASON_MAX_LENGTH } from '@portal/shared/review/review.schema';
import { normaliseReason } from '../lib/decision-rules';

interface ReasonValues {
  reason: string;
}

export interface RefuseRequest {
  ids: string[];
  /** How many of them are approved (DONE) and would be revoked. */
  revokes: number;
}

/**
 * Asks for the reason of a refusal (WAIT → REFUSE) or a revocation (DONE → REFUSE): required, at most
 * REFUSE_REASON_MAX_LENGTH characters. The dialog stays open on failure so that the typed reason is not lost.
 */
export function RefuseDialog({
  request,
  pending,
  onSubmit,
  onCancel,
}: {
  request: RefuseRequest | null;
  pending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('review');
  const [form] = Form.useForm<ReasonValues>();
  const count = request?.ids.length ?? 0;
  const revokeOnly = count > 0 && request?.revokes === count;
  const title = revokeOnly ? t('refuse.revokeTitle') : count === 1 ? t('refuse.titleOne') : t('refuse.title');
  return (
    <Modal
      open={request !== null}
      title={title}
      okText={revokeOnly ? t('refuse.revokeSubmit') : t('refuse.submit')}
      cancelText={t('refuse.cancel')}
      okButtonProps={{ danger: true, loading: pending, ...{ 'data-testid': 'review-refuse-submit' } }}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: pending }}
      onCancel={() => {
        if (!pending) onCancel();
      }}
      afterClose={() => form.resetFields()}
      wrapProps={{ 'data-testid': 'review-refuse-dialog' }}
    >
      {count > 1 && <Typography.Paragraph>{t('refuse.count', { count })}</Typography.Paragraph>}
      {request && request.revokes > 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={revokeOnly && count === 1 ? t('refuse.revokeOne') : t('refuse.revokes', { count: request.revokes })} />}
      <Form<ReasonValues>
        form={form}
        name="review-refuse"
        layout="vertical"
        onFinish={async (values) => {
          await onSubmit(normaliseReason(values.reason).value);
        }}
      >
        <ReasonField rows={4} testId="review-refuse-reason" autoFocus />
      </Form>
    </Modal>
  );
}

/** The refusal's reason the visitor reads: required, at most REFUSE_REASON_MAX_LENGTH characters (also for a refusal of all that match). */
export function ReasonField({ rows, testId, autoFocus = false }: { rows: number; testId: string; autoFocus?: boolean }) {
  const { t } = useTranslation('review');
  return (
    <Form.Item
      name="reason"
      label={t('refuse.reason')}
      extra={t('refuse.reasonHelp')}
      rules={[
        {
          validator: (_rule, value: unknown) =>
            normaliseReason(typeof value === 'string' ? value : '').valid ? Promise.resolve() : Promise.reject(new Error(t('refuse.reasonRequired', { max: REFUSE_REASON_MAX_LENGTH }))),
        },
      ]}
    >
      <Input.TextArea rows={rows} maxLength={REFUSE_REASON_MAX_LENGTH} showCount placeholder={t('refuse.reasonPlaceholder')} data-testid={testId} autoFocus={autoFocus} />
    </Form.Item>
  );
}
