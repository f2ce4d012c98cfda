import { Alert, App, Button, Card, Descriptions, Flex, Grid, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApplicationStatusTag } from '../../../components/application-status-tag';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { useFlashNotice } from '../../../lib/flash-notice';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { useApplicationInfo } from '../api/application-info';
import { OwnIdNumber } from '../components/own-id-number';
import { actionLabelKey, infoStatusView, updateDeadlinePassed, type InfoAction } from '../lib/application-status';

export interface InfoLinks {
  apply: string;
  edit: string;
  ticket: string;
  visitDate: string;
  record: string;
}


/**
 * /wa/visitor/info (SPEC 4): the visitor's registration and its status: pending, refused with the
 * reason (edit and resubmit until the update deadline), or approved with the ticket's instructions.
 */
export function InfoPage({ links, notices }: { links: InfoLinks; /** What another feature tells the visitor here (their group). */ notices?: ReactNode }) {
  const { t, i18n, ready } = useTranslation('visitor');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const query = useApplicationInfo();
  const { message } = App.useApp();
  useFlashNotice((text) => void message.success(text));
  if (!ready || query.isPending) return <PageLoading />;
  if (query.isError) {
    return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} retryTestId="info-retry" />;
  }

  const { audience, updateDeadline, audienceRegOpen } = query.data;
  if (!audience) return <PageLoading />;
  const now = Date.now();
  const view = infoStatusView(audience.approveStatus, updateDeadline, now, audienceRegOpen);
  const deadlineText = updateDeadline ? formatDateTime(updateDeadline) : undefined;
  const actionButton = (action: InfoAction, primary: boolean) => (
    <Button key={action} type={primary ? 'primary' : 'default'} onClick={() => void navigate(links[action])} data-testid={`info-action-${action}`}>
      {t(actionLabelKey(audience.approveStatus, action))}
    </Button>
  );
  const none = t('notAvailable');

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }} data-testid="info-page" data-status={audience.approveStatus}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={1} className="page-title" style={{ marginBottom: 0 }}>
          {t('info.title')}
        </Typography.Title>
        <ApplicationStatusTag status={audience.approveStatus} label={t(`info.status.${audience.approveStatus}.tag`)} testId="info-status-tag" />
      </Flex>
      <Alert
        type={view.tone}
        showIcon
        data-testid="info-status"
        title={<span data-testid="info-status-title">{t(view.titleKey)}</span>}
        description={
          <Flex vertical gap={8}>
            <span data-testid="info-status-description">{t(view.descriptionKey)}</span>
            {view.showReason && audience.refuseReason ? (
              <div data-testid="info-refuse-reason">
                <Typography.Text strong>{t('info.reason')}</Typography.Text>
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{audience.refuseReason}</Typography.Paragraph>
              </div>
            ) : null}
            {view.actions.length > 0 ? (
              <Space wrap>{view.actions.map((action, index) => actionButton(action, index === 0))}</Space>
            ) : null}
          </Flex>
        }
      />
      {notices}
      {deadlineText && audience.approveStatus !== 'DONE' ? (
        <Typography.Text type="secondary" data-testid="info-update-deadline">
          {updateDeadlinePassed(updateDeadline, now) ? t('info.deadlinePassed', { date: deadlineText }) : t('info.deadline', { date: deadlineText })}
        </Typography.Text>
      ) : null}
      {audience.approveStatus !== 'CREATED' ? (
        <Card title={<h2 className="card-title">{t('info.fields.title')}</h2>}>
          <Flex gap={24} vertical={mobile} align={mobile ? 'stretch' : 'flex-start'}>
            {audience.entryPhoto ? (
              <img
                src={audience.entryPhoto.url}
                alt={t('info.photoAlt', { name: audience.name ?? '' })}
                className="visitor-photo"
                width={120}
                height={160}
                loading="lazy"
                data-testid="info-entry-photo"
              />
            ) : null}
            <Descriptions column={mobile ? 1 : 2} layout={mobile ? 'vertical' : 'horizontal'} colon={!mobile} size="small" style={{ flex: 1 }} data-testid="info-fields">
              <Descriptions.Item label={t('info.fields.name')}>{audience.name ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.mobile')}>{audience.mobile ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.email')}>{audience.email ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.idType')}>{audience.idType ? t(`info.idType.${audience.idType}`) : none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.idNumber')}>
                <OwnIdNumber masked={audience.idNumberMasked} />
              </Descriptions.Item>
              <Descriptions.Item label={t('info.fields.birthDate')}>{audience.birthDate ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.visitDates')}>
                <span data-testid="info-visit-dates">
                  {audience.visitDates.length > 0
                    ? audience.visitDates.map((visit) => `${formatDay(visit.day, i18n.language)}${visit.admittedAt ? ` (${t('info.admitted')})` : ''}`).join(' · ')
                    : none}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('info.fields.activationCode')}>{audience.activationCode ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.channel')}>{audience.channel?.name ?? none}</Descriptions.Item>
              <Descriptions.Item label={t('info.fields.submittedAt')}>{audience.submittedAt ? formatDateTime(audience.submittedAt) : none}</Descriptions.Item>
              {audience.reviewedAt ? <Descriptions.Item label={t('info.fields.reviewedAt')}>{formatDateTime(audience.reviewedAt)}</Descriptions.Item> : null}
            </Descriptions>
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
