import { Descriptions, Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmissionHistory } from '../../../components/submission-history';
import { SubmissionQueue } from '../../../components/submission-queue';
import type { BannerFieldsFragment } from '../../../graphql/operations.generated';
import { approveBannerApplications } from '../api/approve-banner-applications';
import { useBannerApplications } from '../api/banner-applications';
import { rejectBannerApplications } from '../api/reject-banner-applications';
import { PlacementList } from '../components/placement-list';

/** /wo/exhibitor/banner/list: the organizers' queue of banner applications and their list of placements. */
export function BannerQueuePage() {
  const { t, i18n } = useTranslation(['banner', 'submission']);
  const placementName = (row: BannerFieldsFragment) => (i18n.language === 'zh-CN' ? row.placement.nameZh : row.placement.nameEn);
  return (
    <Flex vertical gap="large">
      <SubmissionQueue<BannerFieldsFragment>
        testId="banner-queue"
        title={t('queueTitle')}
        useRows={useBannerApplications}
        approve={approveBannerApplications}
        reject={rejectBannerApplications}
        columns={[
          { key: 'title', title: t('fields.title'), render: (_value, row) => row.title },
          { key: 'placement', title: t('fields.placement'), render: (_value, row) => placementName(row) },
        ]}
        renderDetail={(row) => (
          <>
            {row.picture ? <Image src={row.picture.url} alt={row.title} width={480} /> : null}
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('fields.title')}>{row.title}</Descriptions.Item>
              <Descriptions.Item label={t('fields.placement')}>{`${placementName(row)} · ${row.placement.size}`}</Descriptions.Item>
              <Descriptions.Item label={t('fields.linkUrl')}>
                <Typography.Link href={row.linkUrl} target="_blank" rel="noopener noreferrer">
                  {row.linkUrl}
                </Typography.Link>
              </Descriptions.Item>
            </Descriptions>
            <SubmissionHistory changes={row.statusHistory} testId="banner-queue-history" />
          </>
        )}
      />
      <PlacementList />
    </Flex>
  );
}
