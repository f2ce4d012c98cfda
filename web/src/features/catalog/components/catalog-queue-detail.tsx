import { Descriptions, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmissionHistory } from '../../../components/submission-history';
import type { CatalogEntryFieldsFragment } from '../../../graphql/operations.generated';

const DETAIL_FIELDS = ['companyNameZh', 'companyNameEn', 'bootNumber', 'countryCode', 'regionCode', 'address', 'websiteUrl', 'linkman', 'telephone', 'email', 'profileZh', 'profileEn'] as const;

/** A catalog entry in the organizers' queue drawer (loaded when one is first opened). */
export function CatalogQueueDetail({ row }: { row: CatalogEntryFieldsFragment }) {
  const { t } = useTranslation(['catalog', 'submission']);
  return (
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
  );
}
