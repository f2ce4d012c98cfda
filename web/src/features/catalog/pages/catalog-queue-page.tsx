import { Descriptions, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionQueue } from '../../../components/submission-queue';
import type { CatalogEntryFieldsFragment } from '../../../graphql/operations.generated';
import { approveCatalogEntries } from '../api/approve-catalog-entries';
import { useCatalogEntries } from '../api/catalog-entries';
import { rejectCatalogEntries } from '../api/reject-catalog-entries';

const DETAIL_FIELDS = ['companyNameZh', 'companyNameEn', 'bootNumber', 'countryCode', 'regionCode', 'address', 'websiteUrl', 'linkman', 'telephone', 'email', 'profileZh', 'profileEn'] as const;

/** /wo/exhibitor/catalog/list: the organizers' queue of catalog entries. */
export function CatalogQueuePage() {
  const { t } = useTranslation(['catalog', 'submission']);
  return (
    <SubmissionQueue<CatalogEntryFieldsFragment>
      testId="catalog-queue"
      title={t('queueTitle')}
      useRows={useCatalogEntries}
      approve={approveCatalogEntries}
      reject={rejectCatalogEntries}
      columns={[
        { key: 'company', title: t('fields.companyNameZh'), render: (_value, row) => row.companyNameZh },
        { key: 'booth', title: t('fields.bootNumber'), render: (_value, row) => row.bootNumber ?? '' },
      ]}
      renderDetail={(row) => (
        <>
          {row.logo ? <Image src={row.logo.url} alt={t('fields.logo')} width={160} data-testid="catalog-queue-logo" /> : null}
          <Descriptions column={1} size="small" bordered>
            {DETAIL_FIELDS.map((field) => (
              <Descriptions.Item key={field} label={t(`fields.${field}`)}>
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row[field] ?? ''}</Typography.Text>
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Title level={5}>{t('submission:history.title')}</Typography.Title>
          <SubmissionHistory changes={row.statusHistory} testId="catalog-queue-history" />
        </>
      )}
    />
  );
}
