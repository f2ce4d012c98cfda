import { Alert, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import { useMyCatalogEntry } from '../api/my-catalog-entry';
import { CatalogForm } from '../components/catalog-form';
import { catalogInitialValues, isCatalogEditable } from '../lib/catalog-form';

/** /we/exhibitor/catalog: the company's catalog entry, its state and, while not approved, the form. */
export function CatalogPage() {
  const { t } = useTranslation(['catalog', 'submission']);
  const query = useMyCatalogEntry();
  if (query.isPending) return <PageLoading />;
  if (query.error) return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  const entry = query.data.myCatalogEntry;
  const exhibitor = 'exhibitor' in query.data.viewer ? query.data.viewer.exhibitor : null;
  const active = exhibitor?.status === 'ACTIVE';
  const editable = isCatalogEditable(exhibitor, entry);
  const initialValues = catalogInitialValues(entry, exhibitor);
  return (
    <Flex vertical gap="middle" data-testid="catalog-page">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('fields.bootNumber')}>
            <span data-testid="catalog-booth">{exhibitor?.bootNumber ?? t('noBooth')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('state')}>{entry ? <SubmissionStatusTag status={entry.status} testId="catalog-status" /> : t('notFiled')}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!active ? <Alert type="warning" showIcon message={t('submission:notActive')} /> : null}
      {entry?.status === 'REJECTED' ? <Alert type="error" showIcon data-testid="catalog-reject-reason" message={t('submission:rejectedNotice', { reason: entry.rejectReason ?? '' })} /> : null}
      {entry?.status === 'APPROVED' ? <Alert type="success" showIcon message={t('submission:approvedNotice')} /> : null}
      {entry?.status === 'PENDING' ? <Alert type="info" showIcon message={t('submission:pendingNotice')} /> : null}
      <Card>
        <CatalogForm key={entry?.submittedAt ?? 'new'} initialValues={initialValues} disabled={!editable} onSaved={() => void query.refetch()} />
      </Card>
      {entry ? (
        <Card title={t('submission:history.title')}>
          <SubmissionHistory changes={entry.statusHistory} testId="catalog-history" />
        </Card>
      ) : null}
    </Flex>
  );
}
