import { useTranslation } from 'react-i18next';
import { DECISION_RULES } from '@portal/shared/submission/submission.schema';
import { SubmissionQueue } from '../../../components/submission-queue';
import { ExportLinkButton } from '../../../components/export-link-button';
import { submissionExportHref } from '../../../lib/submission-export';
import type { CatalogEntryFieldsFragment } from '../../../graphql/operations.generated';
import { approveCatalogEntries } from '../api/approve-catalog-entries';
import { useCatalogEntries } from '../api/catalog-entries';
import { rejectCatalogEntries } from '../api/reject-catalog-entries';

const loadDetail = () => import('../components/catalog-queue-detail').then((module) => module.CatalogQueueDetail);

/** /wo/exhibitor/catalog/list: the organizers' queue of catalog entries, with the xlsx export the printed show guide is made from. */
export function CatalogQueuePage() {
  const { t } = useTranslation(['catalog', 'submission']);
  return (
    <SubmissionQueue<CatalogEntryFieldsFragment>
      testId="catalog-queue"
      title={t('queueTitle')}
      rule={DECISION_RULES.catalog}
      useRows={useCatalogEntries}
      approve={approveCatalogEntries}
      reject={rejectCatalogEntries}
      nameOf={(row) => row.companyNameZh}
      columns={[
        { key: 'company', title: t('fields.companyNameZh'), render: (_value, row) => row.companyNameZh },
        { key: 'booth', title: t('fields.bootNumber'), render: (_value, row) => row.bootNumber ?? '' },
      ]}
      loadDetail={loadDetail}
      extra={(input) => (
        <ExportLinkButton href={submissionExportHref('catalog', input)} icon={false} testId="catalog-queue-export">
          {t('submission:export')}
        </ExportLinkButton>
      )}
    />
  );
}
