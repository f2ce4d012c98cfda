import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { NotFoundPage } from '../../../components/status-pages';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import { useProductApplication } from '../api/product-application';
import { ProductDetails } from '../components/product-details';

/** /wo/exhibitor/product/:id: one application, for a link that can be shared among organizers. */
export function ProductDetailPage() {
  const { t } = useTranslation(['product', 'submission']);
  const { id } = useParams();
  const query = useProductApplication(id);
  if (!id) return <NotFoundPage />;
  if (query.isPending) return <PageLoading />;
  if (query.error) return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <NotFoundPage />;
  return (
    <Flex vertical gap="middle" data-testid="product-detail-page">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('detailTitle')}
      </Typography.Title>
      <SubmissionStatusTag status={query.data.status} testId="product-detail-status" />
      <ProductDetails product={query.data} />
    </Flex>
  );
}
