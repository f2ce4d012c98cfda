import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DECISION_RULES } from '@portal/shared/submission/submission.schema';
import { SubmissionQueue } from '../../../components/submission-queue';
import { ExportLinkButton } from '../../../components/export-link-button';
import { submissionExportHref } from '../../../lib/submission-export';
import type { BannerFieldsFragment } from '../../../graphql/operations.generated';
import { approveBannerApplications } from '../api/approve-banner-applications';
import { useBannerApplications } from '../api/banner-applications';
import { rejectBannerApplications } from '../api/reject-banner-applications';
import { PlacementList } from '../components/placement-list';
import { placementNameOf } from '../lib/placement-name';

const loadDetail = () => import('../components/banner-queue-detail').then((module) => module.BannerQueueDetail);

/** /wo/exhibitor/banner/list: the organizers' queue of banner applications (with the xlsx export) and their list of placements. */
export function BannerQueuePage() {
  const { t, i18n } = useTranslation(['banner', 'submission']);
  return (
    <Flex vertical gap="large">
      <SubmissionQueue<BannerFieldsFragment>
        testId="banner-queue"
        title={t('queueTitle')}
        rule={DECISION_RULES.banner}
        useRows={useBannerApplications}
        approve={approveBannerApplications}
        reject={rejectBannerApplications}
        nameOf={(row) => row.title}
        columns={[
          { key: 'title', title: t('fields.title'), render: (_value, row) => row.title },
          { key: 'placement', title: t('fields.placement'), render: (_value, row) => placementNameOf(row, i18n.language) },
        ]}
        loadDetail={loadDetail}
        extra={(input) => (
          <ExportLinkButton href={submissionExportHref('banners', input)} icon={false} testId="banner-queue-export">
            {t('submission:export')}
          </ExportLinkButton>
        )}
      />
      <PlacementList />
    </Flex>
  );
}
