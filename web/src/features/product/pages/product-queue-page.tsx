import { useTranslation } from 'react-i18next';
import { DECISION_RULES } from '@portal/shared/submission/submission.schema';
import { SubmissionQueue } from '../../../components/submission-queue';
import type { ProductFieldsFragment } from '../../../graphql/operations.generated';
import { approveProductApplications } from '../api/approve-product-applications';
import { useProductApplications } from '../api/product-applications';
import { submissionExportHref } from '../../../lib/submission-export';
import { rejectProductApplications } from '../api/reject-product-applications';
import { ExportLinkButton } from '../../../components/export-link-button';

const loadDetail = () =>
  import('../components/product-details').then((module) => function ProductQueueDetail({ row }: { row: ProductFieldsFragment }) {
    return <module.ProductDetails product={row} />;
  });

/** /wo/exhibitor/product/list: the organizers' queue of product applications, with the xlsx export. */
export function ProductQueuePage() {
  const { t } = useTranslation(['product', 'submission']);
  return (
    <SubmissionQueue<ProductFieldsFragment>
      testId="product-queue"
      title={t('queueTitle')}
      rule={DECISION_RULES.product}
      useRows={useProductApplications}
      approve={approveProductApplications}
      reject={rejectProductApplications}
      nameOf={(row) => row.nameZh}
      columns={[
        { key: 'name', title: t('fields.nameZh'), render: (_value, row) => row.nameZh },
        { key: 'category', title: t('fields.category'), render: (_value, row) => t(`category.${row.category}`) },
      ]}
      loadDetail={loadDetail}
      extra={(input) => (
        <ExportLinkButton href={submissionExportHref('products', input)} icon={false} testId="product-queue-export">
          {t('submission:export')}
        </ExportLinkButton>
      )}
    />
  );
}
