import { Alert, Form, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AudienceListState } from '@portal/shared/review/audience-list';
import type { ReviewJobKind } from '@portal/shared/review/review-job.schema';
import { audienceListQueryOptions } from '../api/audience-list';
import { normaliseReason } from '../lib/decision-rules';
import { ReasonField } from './refuse-dialog';

interface ReasonValues {
  reason: string;
}

/**
 * Confirms "approve (refuse, or apply the auto-approval rules to) all that match this filter": the count is the list's own total of the filter's
 * pending applications (a job takes no others); the server counts again and refuses when it changed meanwhile.
 */
export function ReviewJobDialog({
  kind,
  state,
  pending,
  onSubmit,
  onCancel,
}: {
  kind: ReviewJobKind | null;
  state: AudienceListState;
  pending: boolean;
  onSubmit: (values: { reason: string | null; count: number }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('review');
  const [form] = Form.useForm<ReasonValues>();
  const counted = useQuery({ ...audienceListQueryOptions({ ...state, statuses: ['WAIT'], page: 1 }, i18n.language), enabled: kind !== null });
  const count = counted.data?.total;
  const refuse = kind === 'REFUSE';
  return (
    <Modal
      open={kind !== null}
      title={kind && t(`job.kind.${kind}.title`)}
      okText={kind && (count ? t(`job.kind.${kind}.ok`, { count }) : t(`job.kind.${kind}.submit`))}
      cancelText={t('job.cancel')}
      okButtonProps={{ danger: refuse, loading: pending, disabled: !count || counted.isFetching, ...{ 'data-testid': 'review-job-submit' } }}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: pending }}
      onCancel={() => {
        if (!pending) onCancel();
      }}
      afterClose={() => form.resetFields()}
      wrapProps={{ 'data-testid': 'review-job-dialog' }}
    >
      <Spin spinning={counted.isFetching}>
        {count === 0 ? (
          <Alert type="info" showIcon title={t('job.nothing')} style={{ marginBottom: 16 }} />
        ) : (
          <Typography.Paragraph strong data-testid="review-job-count">
            {t('job.count', { count: count ?? 0 })}
          </Typography.Paragraph>
        )}
        {kind && <Typography.Paragraph>{t(`job.kind.${kind}.explain`)}</Typography.Paragraph>}
      </Spin>
      <Form<ReasonValues>
        form={form}
        name="review-job"
        layout="vertical"
        onFinish={async (values) => {
          if (count) await onSubmit({ reason: refuse ? normaliseReason(values.reason).value : null, count });
        }}
      >
        {refuse && <ReasonField rows={3} testId="review-job-reason" />}
      </Form>
    </Modal>
  );
}
