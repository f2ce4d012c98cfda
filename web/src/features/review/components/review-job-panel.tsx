import { Button, Card, Flex, Progress, Typography, type ProgressProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewJobState } from '@portal/shared/review/review-job.schema';
import { invalidateAfterJob, isActiveJob, useCancelReviewJob, useReviewJob } from '../api/review-jobs';

const PROGRESS_STATUS: Record<ReviewJobState, ProgressProps['status']> = { QUEUED: 'active', RUNNING: 'active', DONE: 'success', CANCELLED: 'normal', FAILED: 'exception' };

/**
 * A review job's progress, read every two seconds while it works; Cancel stops it after its current batch.
 * When it ends, the list is read again and the panel stays with the result until closed.
 */
export function ReviewJobPanel({ id, onCancelError, onClose }: { id: string; onCancelError: (error: unknown) => void; onClose: () => void }) {
  const { t } = useTranslation('review');
  const queryClient = useQueryClient();
  const job = useReviewJob(id).data;
  const cancel = useCancelReviewJob();
  const state = job?.state;
  const active = state !== undefined && isActiveJob(state);
  useEffect(() => {
    if (state !== undefined && !isActiveJob(state)) void invalidateAfterJob(queryClient);
  }, [state, queryClient]);
  if (!job) return null;
  const percent = job.confirmedCount > 0 ? Math.min(100, Math.floor((job.processed * 100) / job.confirmedCount)) : 100;
  return (
    <Card size="small" data-testid="review-job-panel">
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text strong>{t(`job.kind.${job.kind}.button`)}</Typography.Text>
          <Typography.Text role="status" data-testid="review-job-state" data-state={job.state}>
            {t(`job.state.${job.state}`)}
          </Typography.Text>
        </Flex>
        <Progress percent={percent} status={PROGRESS_STATUS[job.state]} aria-label={t('job.progressLabel')} />
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text data-testid="review-job-progress">
            {job.kind === 'AUTO_RULES' ? t('job.rulesProgress', { processed: job.processed, count: job.confirmedCount, decided: job.decided }) : t('job.progress', { processed: job.decided, count: job.confirmedCount })}
            {job.failed > 0 && ` ${t('job.failed', { count: job.failed })}`}
          </Typography.Text>
          {active ? (
            <Button danger loading={cancel.isPending} onClick={() => cancel.mutate(job.id, { onError: onCancelError })} data-testid="review-job-cancel">
              {t('job.stop')}
            </Button>
          ) : (
            <Button onClick={onClose} data-testid="review-job-close">
              {t('job.close')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
