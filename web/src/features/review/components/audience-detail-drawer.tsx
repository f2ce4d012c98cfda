import { Button, Descriptions, Drawer, Empty, Flex, Popconfirm, Result, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApproveStatus } from '@portal/shared/application/application-status';
import { normaliseError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/use-error-text';
import type { AudienceDetail } from '../api/audience-detail';
import { useAudienceDetail } from '../api/audience-detail';
import { approveTitle } from '../lib/approve-title';
import { actionsForStatus } from '../lib/decision-rules';
import { IdentityPhotos } from '../../../components/identity-photos';
import { formatDateTime, formatDay } from '../../../lib/format/date-time';
import { APPLICATION_STATUS_COLORS, ApplicationStatusTag } from '../../../components/application-status-tag';

function DetailBody({ audience }: { audience: AudienceDetail }) {
  const { t, i18n } = useTranslation('review');
  const none = t('detail.none');
  const name = audience.name ?? t('table.unnamed');
  const history = [...audience.statusHistory].reverse();
  return (
    <Flex vertical gap={24}>
      <IdentityPhotos ns="review" testId="audience-detail" name={name} entryUrl={audience.entryPhoto?.url} idUrl={audience.idPhoto?.url} score={audience.faceMatchScore} counterCheck={audience.counterCheck} />

      <section aria-labelledby="audience-detail-personal">
        <Typography.Title level={2} id="audience-detail-personal" style={{ fontSize: 16 }}>
          {t('detail.personal')}
        </Typography.Title>
        <Descriptions
          bordered
          size="small"
          column={1}
          styles={{ label: { width: 140 } }}
          items={[
            { key: 'status', label: t('columns.status'), children: <ApplicationStatusTag status={audience.approveStatus} label={t(`status.${audience.approveStatus}`)} testId="review-status-tag" /> },
            ...(audience.approveStatus === 'REFUSE' && audience.refuseReason
              ? [{ key: 'refuseReason', label: t('detail.refuseReason'), children: <span data-testid="audience-detail-refuse-reason">{audience.refuseReason}</span> }]
              : []),
            { key: 'name', label: t('detail.name'), children: audience.name ?? none },
            { key: 'mobile', label: t('detail.mobile'), children: audience.mobile ?? none },
            { key: 'email', label: t('detail.email'), children: audience.email ?? none },
            { key: 'idType', label: t('detail.idType'), children: audience.idType ? t(`idType.${audience.idType}`) : none },
            {
              key: 'idNumber',
              label: t('detail.idNumber'),
              children: (
                <Typography.Text copyable={Boolean(audience.idNumber)} data-testid="audience-detail-id-number" style={{ fontFamily: 'monospace' }}>
                  {audience.idNumber ?? none}
                </Typography.Text>
              ),
            },
            { key: 'birthDate', label: t('detail.birthDate'), children: audience.birthDate ?? none },
            {
              key: 'visitDates',
              label: t('detail.visitDates'),
              children:
                audience.visitDates.length > 0 ? (
                  <Space size={[4, 4]} wrap>
                    {audience.visitDates.map((visit) => (
                      <Tag key={visit.day} color={visit.admittedAt ? 'green' : undefined}>
                        {visit.admittedAt ? `${formatDay(visit.day, i18n.language)} · ${t('detail.admitted')}` : formatDay(visit.day, i18n.language)}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  none
                ),
            },
            { key: 'activationCode', label: t('detail.activationCode'), children: <span style={{ fontFamily: 'monospace' }}>{audience.activationCode ?? none}</span> },
            { key: 'channel', label: t('detail.channel'), children: audience.channel?.name ?? none },
            { key: 'submittedAt', label: t('detail.submittedAt'), children: formatDateTime(audience.submittedAt) || none },
            { key: 'reviewedAt', label: t('detail.reviewedAt'), children: formatDateTime(audience.reviewedAt) || none },
          ]}
        />
      </section>

      <section aria-labelledby="audience-detail-history" data-testid="audience-detail-history">
        <Typography.Title level={2} id="audience-detail-history" style={{ fontSize: 16 }}>
          {t('detail.history')}
        </Typography.Title>
        {history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.historyEmpty')} />
        ) : (
          <Timeline
            items={history.map((change, index) => ({
              key: `${change.at}-${index}`,
              color: APPLICATION_STATUS_COLORS[change.toStatus],
              title: formatDateTime(change.at),
              content: (
                <Flex vertical gap={2}>
                  <Typography.Text strong>{t('detail.historyEntry', { from: t(`status.${change.fromStatus}`), to: t(`status.${change.toStatus}`) })}</Typography.Text>
                  <Typography.Text type="secondary">{change.autoRuleName ? t('detail.historyRule', { rule: change.autoRuleName }) : change.actorName ? t('detail.historyBy', { name: change.actorName }) : t('detail.historySystem')}</Typography.Text>
                  {change.reason && <Typography.Text>{t('detail.historyReason', { reason: change.reason })}</Typography.Text>}
                </Flex>
              ),
            }))}
          />
        )}
      </section>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('detail.audited')}
      </Typography.Text>
    </Flex>
  );
}

function DetailActions({
  status,
  name,
  pending,
  onApprove,
  onRefuse,
}: {
  status: ApproveStatus;
  name: string | null;
  pending: boolean;
  onApprove: () => Promise<unknown>;
  onRefuse: (revoke: boolean) => void;
}) {
  const { t } = useTranslation('review');
  const actions = actionsForStatus(status);
  if (actions.length === 0) {
    return <Typography.Text type="secondary">{status === 'REFUSE' ? t('detail.noAction') : null}</Typography.Text>;
  }
  return (
    <Flex gap={8} justify="flex-end" wrap>
      {actions.includes('refuse') && (
        <Button danger onClick={() => onRefuse(false)} disabled={pending} data-testid="audience-detail-refuse">
          {t('detail.refuse')}
        </Button>
      )}
      {actions.includes('revoke') && (
        <Button danger onClick={() => onRefuse(true)} disabled={pending} data-testid="audience-detail-revoke">
          {t('detail.revoke')}
        </Button>
      )}
      {actions.includes('approve') && (
        <Popconfirm
          title={approveTitle(t, [name])}
          description={t('approve.confirmOne')}
          okText={t('approve.ok')}
          cancelText={t('approve.cancel')}
          onConfirm={onApprove}
          okButtonProps={{ ...{ 'data-testid': 'audience-detail-approve-confirm' } }}
        >
          <Button type="primary" loading={pending} data-testid="audience-detail-approve">
            {t('detail.approve')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}

/**
 * One application in full, beside the list: both photos side by side, the face-match score in plain
 * words, the full ID number (audited by the server), the status history, and the actions its state allows.
 */
export function AudienceDetailDrawer({
  id,
  pending,
  onClose,
  onApprove,
  onRefuse,
}: {
  id: string | null;
  pending: boolean;
  onClose: () => void;
  onApprove: (audience: AudienceDetail) => Promise<unknown>;
  onRefuse: (audience: AudienceDetail) => void;
}) {
  const { t } = useTranslation('review');
  const errorText = useErrorText();
  const query = useAudienceDetail(id);
  const audience = query.data ?? null;
  const missing = query.isSuccess && !audience;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={audience ? t('detail.title', { name: audience.name ?? t('table.unnamed') }) : t('detail.titleLoading')}
      extra={audience ? <ApplicationStatusTag status={audience.approveStatus} label={t(`status.${audience.approveStatus}`)} testId="review-status-tag" /> : null}
      closable={{ 'aria-label': t('detail.close') }}
      footer={
        audience ? (
          <DetailActions status={audience.approveStatus} name={audience.name ?? null} pending={pending} onApprove={() => onApprove(audience)} onRefuse={() => onRefuse(audience)} />
        ) : null
      }
      rootClassName="audience-detail-drawer"
      data-testid="audience-detail-drawer"
    >
      {query.isPending && id !== null && <Skeleton active paragraph={{ rows: 10 }} />}
      {query.isError && (
        <Result
          status={normaliseError(query.error).reason === 'NOT_FOUND' ? '404' : 'error'}
          title={t('detail.loadError')}
          subTitle={errorText(query.error)}
          extra={
            <Button onClick={() => void query.refetch()} data-testid="audience-detail-retry">
              {t('error.retry')}
            </Button>
          }
          data-testid="audience-detail-error"
        />
      )}
      {missing && <Result status="404" title={t('detail.notFound')} data-testid="audience-detail-error" />}
      {audience && <DetailBody audience={audience} />}
    </Drawer>
  );
}
