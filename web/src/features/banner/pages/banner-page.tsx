import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import { ScrollRegion } from '../../../components/scroll-region';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SUBMISSION_PAGE_SIZE, isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import type { BannerFieldsFragment } from '../../../graphql/operations.generated';
import { formatDateTime } from '../../../lib/format/date-time';
import { useBannerPlacements } from '../api/banner-placements';
import { useMyBannerApplications } from '../api/my-banner-applications';
import { BannerForm } from '../components/banner-form';

/** /we/exhibitor/banner: the company's banner applications and the form (a new one, or the one picked). */
export function BannerPage() {
  const { t, i18n } = useTranslation(['banner', 'submission']);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BannerFieldsFragment | null>(null);
  // Counts the applications sent from this page: a new form after each, empty, never the last one's values again.
  const [sent, setSent] = useState(0);
  const rows = useMyBannerApplications(page, DEFAULT_SUBMISSION_PAGE_SIZE);
  const placements = useBannerPlacements();
  if (placements.isPending) return <PageLoading />;
  if (placements.error) return <LoadErrorCard error={placements.error} onRetry={() => void placements.refetch()} />;
  const editable = !editing || isEditableByExhibitor(editing.status);
  return (
    <Flex vertical gap="middle" data-testid="banner-page">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <ScrollRegion label={t('title')}>
        <Table
          rowKey="id"
          loading={rows.isFetching}
          dataSource={rows.data?.nodes ?? []}
          data-testid="banner-table"
          pagination={{ current: page, pageSize: DEFAULT_SUBMISSION_PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
          columns={[
            {
              key: 'title',
              title: t('fields.title'),
              render: (_value, row) => (
                <Button type="link" onClick={() => setEditing(row)} data-testid="banner-row-open">
                  {row.title}
                </Button>
              ),
            },
            { key: 'placement', title: t('fields.placement'), render: (_value, row) => (i18n.language === 'zh-CN' ? row.placement.nameZh : row.placement.nameEn) },
            { key: 'status', title: t('submission:columns.status'), render: (_value, row) => <SubmissionStatusTag status={row.status} testId="banner-row-status" /> },
            { key: 'submittedAt', title: t('submission:columns.submittedAt'), render: (_value, row) => formatDateTime(row.submittedAt) },
          ]}
        />
      </ScrollRegion>
      <Card
        title={editing ? t('editTitle') : t('newTitle')}
        extra={
          editing ? (
            <Button onClick={() => setEditing(null)} data-testid="banner-new">
              {t('new')}
            </Button>
          ) : null
        }
      >
        {editing?.status === 'REJECTED' ? <Alert type="error" showIcon message={t('submission:rejectedNotice', { reason: editing.rejectReason ?? '' })} /> : null}
        {editing?.status === 'APPROVED' ? <Alert type="success" showIcon message={t('submission:approvedNotice')} /> : null}
        <BannerForm
          key={editing ? `${editing.id}:${editing.submittedAt}` : `new:${sent}`}
          id={editing?.id}
          placements={placements.data}
          disabled={!editable}
          initialValues={
            editing
              ? { title: editing.title, placementId: editing.placement.id, linkUrl: editing.linkUrl, picture: editing.picture }
              : { title: '', placementId: null, linkUrl: 'https://', picture: null }
          }
          onSaved={() => {
            setEditing(null);
            setSent((count) => count + 1);
          }}
        />
        {editing ? <SubmissionHistory changes={editing.statusHistory} testId="banner-history" /> : null}
      </Card>
    </Flex>
  );
}
