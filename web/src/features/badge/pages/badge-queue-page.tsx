import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DECISION_RULES } from '@portal/shared/submission/submission.schema';
import { SubmissionQueue } from '../../../components/submission-queue';
import type { BadgeQueueFieldsFragment } from '../../../graphql/operations.generated';
import { approveBadges } from '../api/approve-badges';
import { badgeExportHref, useBadges } from '../api/badges';
import { rejectBadges } from '../api/reject-badges';

const loadDetail = () =>
  import('../components/badge-detail').then((module) => function BadgeQueueDetail({ row }: { row: BadgeQueueFieldsFragment }) {
    return <module.BadgeDetailView id={row.id} />;
  });

/** /wo/exhibitor/application/list: the organizers' queue of staff badges, with the xlsx and zip exports. */
export function BadgeQueuePage() {
  const { t } = useTranslation(['badge-review', 'submission']);
  return (
    <SubmissionQueue<BadgeQueueFieldsFragment>
      testId="badge-queue"
      title={t('queueTitle')}
      useRows={useBadges}
      approve={approveBadges}
      reject={rejectBadges}
      keywordPlaceholder={t('keyword')}
      rule={DECISION_RULES.badge}
      nameOf={(row) => row.name}
      columns={[
        { key: 'name', title: t('columns.name'), render: (_value, row) => <span data-testid="badge-queue-name">{`${row.name} (${row.namePinyin})`}</span> },
        { key: 'position', title: t('columns.position'), render: (_value, row) => `${row.deptName} / ${row.position}` },
        { key: 'mobile', title: t('columns.mobile'), render: (_value, row) => <span style={{ whiteSpace: 'nowrap' }}>{`${row.countryCode} ${row.phoneNumber}`}</span> },
        { key: 'idNumber', title: t('columns.idNumber'), render: (_value, row) => <span style={{ fontFamily: 'monospace' }}>{row.idNumberMasked}</span> },
      ]}
      loadDetail={loadDetail}
      extra={(input) => (
        <Tooltip title={t('export.hint')}>
          <Space.Compact>
            <Button icon={<DownloadOutlined aria-hidden />} href={badgeExportHref(input, 'xlsx')} download data-testid="badge-queue-export-xlsx">
              {t('export.xlsx')}
            </Button>
            <Button href={badgeExportHref(input, 'zip')} download data-testid="badge-queue-export-zip">
              {t('export.zip')}
            </Button>
          </Space.Compact>
        </Tooltip>
      )}
    />
  );
}
