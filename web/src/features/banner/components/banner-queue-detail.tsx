import { Descriptions, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmissionHistory } from '../../../components/submission-history';
import type { BannerFieldsFragment } from '../../../graphql/operations.generated';
import { placementNameOf } from '../lib/placement-name';

/** A banner application in the organizers' queue drawer (loaded when one is first opened). */
export function BannerQueueDetail({ row }: { row: BannerFieldsFragment }) {
  const { t, i18n } = useTranslation(['banner', 'submission']);
  const placementName = placementNameOf(row, i18n.language);
  return (
    <>
      {row.picture ? <Image src={row.picture.url} alt={row.title} width={480} /> : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fields.title')}>{row.title}</Descriptions.Item>
        <Descriptions.Item label={t('fields.placement')}>{`${placementName} · ${row.placement.size}`}</Descriptions.Item>
        <Descriptions.Item label={t('fields.linkUrl')}>
          <Typography.Link href={row.linkUrl} target="_blank" rel="noopener noreferrer">
            {row.linkUrl}
          </Typography.Link>
        </Descriptions.Item>
      </Descriptions>
      <SubmissionHistory changes={row.statusHistory} testId="banner-queue-history" />
    </>
  );
}
