import { Button, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IdentityPhotos } from '../../../components/identity-photos';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import { formatDateTime } from '../../../lib/format/date-time';
import { useErrorText } from '../../../lib/use-error-text';
import { useBadge, type BadgeDetail } from '../api/badge';
import { countryName } from '@portal/shared/country/countries';

function BadgeFields({ badge }: { badge: BadgeDetail }) {
  const { t, i18n } = useTranslation('badge-review');
  const none = '—';
  const text = (key: string, value: string | null | undefined, testId?: string) => ({
    key,
    label: t(`fields.${key}`),
    children: <span data-testid={testId}>{value || none}</span>,
  });
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 160 } }}
      items={[
        { key: 'status', label: t('fields.status'), children: <SubmissionStatusTag status={badge.status} testId="badge-detail-status" /> },
        ...(badge.rejectReason ? [text('rejectReason', badge.rejectReason, 'badge-detail-reject-reason')] : []),
        text('name', badge.name),
        text('namePinyin', badge.namePinyin),
        text('mobile', `${badge.countryCode} ${badge.phoneNumber}`),
        text('email', badge.email),
        text('idType', t(`idType.${badge.idType}`)),
        {
          key: 'idNumber',
          label: t('fields.idNumber'),
          children: (
            <Typography.Text copyable={Boolean(badge.idNumber)} data-testid="badge-detail-id-number" style={{ fontFamily: 'monospace' }}>
              {badge.idNumber ?? none}
            </Typography.Text>
          ),
        },
        text('country', countryName(badge.country, i18n.language)),
        text('deptName', badge.deptName),
        text('position', badge.position),
        text('companyNameZh', badge.companyNameZh),
        text('companyNameEn', badge.companyNameEn),
        text('createDate', formatDateTime(badge.createDate)),
        text('reviewedAt', formatDateTime(badge.reviewedAt)),
      ]}
    />
  );
}

/**
 * One badge in full for the organizer, inside the queue's drawer: the entry card photo beside the ID
 * photo with the face-match score, every field with the full ID number (the server audits each view),
 * and the status history.
 */
export function BadgeDetailView({ id }: { id: string }) {
  const { t } = useTranslation('badge-review');
  const errorText = useErrorText();
  const query = useBadge(id);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !query.data) {
    return (
      <Result
        status={query.isError ? 'error' : '404'}
        title={query.isError ? t('detail.loadError') : t('detail.notFound')}
        subTitle={query.isError ? errorText(query.error) : undefined}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="badge-detail-retry">
            {t('detail.retry')}
          </Button>
        }
        data-testid="badge-detail-error"
      />
    );
  }
  const badge = query.data;
  return (
    <Flex vertical gap={24} data-testid="badge-detail" data-badge-id={badge.id}>
      <IdentityPhotos ns="badge-review" testId="badge-detail" name={badge.name} entryUrl={badge.entryPhoto?.url} idUrl={badge.idPhoto?.url} score={badge.faceMatchScore} counterCheck={badge.counterCheck} />
      <section aria-labelledby="badge-detail-personal">
        <Typography.Title level={2} id="badge-detail-personal" style={{ fontSize: 16 }}>
          {t('detail.personal')}
        </Typography.Title>
        <BadgeFields badge={badge} />
      </section>
      <section aria-labelledby="badge-detail-history-title">
        <Typography.Title level={2} id="badge-detail-history-title" style={{ fontSize: 16 }}>
          {t('detail.history')}
        </Typography.Title>
        <SubmissionHistory changes={badge.statusHistory} testId="badge-detail-history" />
      </section>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('detail.audited')}
      </Typography.Text>
    </Flex>
  );
}
