import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isEditableByExhibitor } from '@portal/shared/submission/submission.schema';
import { LoadErrorCard } from '../../../components/load-error-card';
import { PageLoading } from '../../../components/page-loading';
import { NotFoundPage } from '../../../components/status-pages';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionStatusTag } from '../../../components/submission-status-tag';
import { useProductApplication } from '../api/product-application';
import { ProductForm } from '../components/product-form';
import { productInitialValues } from '../lib/product-form';

/** /we/exhibitor/product/:id?: a new application, or one of the company's own (read-only once approved). */
export function ProductFormPage({ listPath }: { listPath: string }) {
  const { t } = useTranslation(['product', 'submission']);
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useProductApplication(id);
  if (id && query.isPending) return <PageLoading />;
  if (query.error) return <LoadErrorCard error={query.error} onRetry={() => void query.refetch()} />;
  const product = id ? query.data : null;
  if (id && !product) return <NotFoundPage />;
  const editable = !product || isEditableByExhibitor(product.status);
  return (
    <Flex vertical gap="middle" data-testid="product-form-page">
      {/* The state beside the title, as wide as its word (a flex column would stretch it across the page). */}
      <Flex align="center" gap="small" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {product ? t('editTitle') : t('newTitle')}
        </Typography.Title>
        {product ? <SubmissionStatusTag status={product.status} testId="product-status" /> : null}
      </Flex>
      {product?.status === 'REJECTED' ? <Alert type="error" showIcon message={t('submission:rejectedNotice', { reason: product.rejectReason ?? '' })} /> : null}
      {product?.status === 'APPROVED' ? <Alert type="success" showIcon message={t('submission:approvedNotice')} /> : null}
      <Card>
        <ProductForm
          key={product?.submittedAt ?? 'new'}
          id={product?.id}
          disabled={!editable}
          initialValues={productInitialValues(product)}
          onSaved={() => void navigate(listPath)}
        />
      </Card>
      {product ? (
        <Card title={t('submission:history.title')}>
          <SubmissionHistory changes={product.statusHistory} testId="product-history" />
        </Card>
      ) : null}
    </Flex>
  );
}
